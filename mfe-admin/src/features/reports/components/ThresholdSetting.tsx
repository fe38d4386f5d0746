import { REPORT_LIMITS, REPORT_QUEUE_TEXTS } from '@jobboard/contract/jobs';
import { ApiError, Button, Cluster, TextField, toast } from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import { toastFailure } from '../../../lib/toast-failure';
import { saveReportThreshold } from '../api/reports';

/**
 * The admin's setting `reportThreshold` (docs/product.md#admin-reports): how many independent
 * reports take a listing off the board until it is reviewed; 0 turns that off. Checked by the
 * API, whose message shows beside the field.
 */
export function ThresholdSetting({ threshold, onSaved }: { threshold: number; onSaved(): void }) {
  const [value, setValue] = useState(String(threshold));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // Sent as typed ('' and '2.5' too): the API's check says what is wrong.
      await saveReportThreshold(value.trim() === '' ? Number.NaN : Number(value));
      toast({ title: REPORT_QUEUE_TEXTS.thresholdSaved, variant: 'success' });
      onSaved();
    } catch (failure) {
      const field = failure instanceof ApiError ? fieldMessage(failure) : undefined;
      if (field) setError(field);
      else toastFailure(REPORT_QUEUE_TEXTS.title, failure, REPORT_QUEUE_TEXTS.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Cluster>
        <TextField
          label={REPORT_QUEUE_TEXTS.threshold}
          hint={REPORT_QUEUE_TEXTS.thresholdHelp}
          type="number"
          inputMode="numeric"
          min={0}
          max={REPORT_LIMITS.maxThreshold}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" $variant="secondary" disabled={busy}>
          {REPORT_QUEUE_TEXTS.saveThreshold}
        </Button>
      </Cluster>
    </form>
  );
}

/** The API's message for the threshold, from a 400's `fields`. */
function fieldMessage(error: ApiError): string | undefined {
  try {
    const fields = (JSON.parse(error.body) as { fields?: Record<string, unknown> }).fields;
    const message = fields?.reportThreshold;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
