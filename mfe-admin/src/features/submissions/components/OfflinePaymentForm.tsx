import { check } from '@jobboard/contract/common';
import {
  OFFLINE_METHOD_WORDS,
  OFFLINE_METHODS,
  OfflinePayment,
  type OfflineMethod,
} from '@jobboard/contract/payments';
import {
  ApiError,
  Button,
  Cluster,
  Stack,
  TextField,
  errorMessage,
  toast,
} from '@jobboard/shared-ui';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { recordOfflinePayment } from '../api/record-offline-payment';
import { submissionsKey } from '../api/submissions';

/** The form's texts (the API's own messages come from the contract). */
export const OFFLINE_TEXT = {
  open: 'Record a check or transfer',
  group: 'Offline payment',
  method: 'Received by',
  reference: 'Check number or transfer reference',
  amount: 'Amount received ($)',
  receivedOn: 'Date received',
  save: 'Record payment',
  saving: 'Recording...',
  cancel: 'Cancel',
  recorded: 'Payment recorded: the listing is live',
  failed: 'The payment could not be recorded',
} as const;

/**
 * An admin records a check or a bank transfer received for an approved listing, with its
 * reference, amount and date (issue 47), whether or not Stripe is set up: the listing goes live
 * and its history says who recorded what. Checked with the API's own struct first, so a field at
 * fault shows the API's message before anything is sent.
 */
export function OfflinePaymentForm({
  submissionId,
  amountCents,
}: {
  submissionId: string;
  amountCents: number;
}) {
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [method, setMethod] = useState<OfflineMethod>('check');
  const [reference, setReference] = useState('');
  const [dollars, setDollars] = useState((amountCents / 100).toFixed(2));
  const [receivedOn, setReceivedOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!open) {
    return (
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        {OFFLINE_TEXT.open}
      </Button>
    );
  }
  const save = async () => {
    const amount = Number(dollars);
    const body = {
      method,
      reference: reference.trim(),
      amountCents:
        dollars.trim() === '' || !Number.isFinite(amount) ? -1 : Math.round(amount * 100),
      receivedOn,
    };
    const checked = check(OfflinePayment, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await recordOfflinePayment(submissionId, body);
      toast({ title: OFFLINE_TEXT.recorded, variant: 'success' });
      setOpen(false);
      await mutate(submissionsKey);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : undefined;
      if (fields) setErrors(fields);
      else {
        toast({
          title: OFFLINE_TEXT.failed,
          description: errorMessage(failure, OFFLINE_TEXT.failed),
          variant: 'destructive',
        });
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack $gap="sm" role="group" aria-label={OFFLINE_TEXT.group}>
      <fieldset>
        <legend>{OFFLINE_TEXT.method}</legend>
        {OFFLINE_METHODS.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`offline-method-${submissionId}`}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
            />{' '}
            {OFFLINE_METHOD_WORDS[value]}
          </label>
        ))}
        {errors.method && <p role="alert">{errors.method}</p>}
      </fieldset>
      <TextField
        label={OFFLINE_TEXT.reference}
        value={reference}
        onChange={(event) => setReference(event.target.value)}
        error={errors.reference}
      />
      <TextField
        label={OFFLINE_TEXT.amount}
        type="number"
        step={0.01}
        min={0}
        value={dollars}
        onChange={(event) => setDollars(event.target.value)}
        error={errors.amountCents}
      />
      <TextField
        label={OFFLINE_TEXT.receivedOn}
        type="date"
        value={receivedOn}
        onChange={(event) => setReceivedOn(event.target.value)}
        error={errors.receivedOn}
      />
      <Cluster>
        <Button type="button" disabled={saving} onClick={save}>
          {saving ? OFFLINE_TEXT.saving : OFFLINE_TEXT.save}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
          {OFFLINE_TEXT.cancel}
        </Button>
      </Cluster>
    </Stack>
  );
}
