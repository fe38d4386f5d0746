import {
  CHECK_IN_MESSAGES,
  CheckInAnswerDays,
  checkInDaysText,
  parseCheckInDays,
  type AdminSettings,
} from '@jobboard/contract/employer';
import {
  ApiError,
  Button,
  Card,
  Checkbox,
  HintText,
  Stack,
  TextField,
  errorMessage,
  toast,
} from '@jobboard/shared-ui';
import { useState, type FormEvent } from 'react';
import { updateSettings, useSettings } from '../api/check-ins';

type Errors = Partial<Record<'checkInDays' | 'checkInAnswerDays', string>>;

/**
 * The still-hiring check-ins' settings (issue 45): the ages the employers are asked at (typed as
 * '14, 28', or 'off'), the days they have to answer, and whether a listing left unanswered leaves
 * the board. Checked as typed by the contract's own rules before anything is sent; a refusal keeps
 * what was typed and says what to write.
 */
export function CheckInSettings() {
  const { data } = useSettings();
  if (!data) return null;
  return <SettingsForm saved={data} />;
}

function SettingsForm({ saved }: { saved: AdminSettings }) {
  const { mutate: mutateSettings } = useSettings();
  const [days, setDays] = useState(checkInDaysText(saved.checkInDays));
  const [answerDays, setAnswerDays] = useState(String(saved.checkInAnswerDays));
  const [autoClose, setAutoClose] = useState(saved.checkInAutoClose);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checkInDays = parseCheckInDays(days);
    const checkInAnswerDays = answerDays.trim() === '' ? NaN : Number(answerDays);
    const found: Errors = {
      ...(checkInDays ? {} : { checkInDays: CHECK_IN_MESSAGES.daysInvalid }),
      ...(CheckInAnswerDays.is(checkInAnswerDays)
        ? {}
        : { checkInAnswerDays: CHECK_IN_MESSAGES.answerDaysInvalid }),
    };
    setErrors(found);
    if (!checkInDays || Object.keys(found).length) return;
    setBusy(true);
    try {
      const settings = await updateSettings({
        checkInDays,
        checkInAnswerDays,
        checkInAutoClose: autoClose,
      });
      await mutateSettings(settings, { revalidate: false });
      setDays(checkInDaysText(settings.checkInDays));
      toast({ title: CHECK_IN_MESSAGES.saved, variant: 'success' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors) setErrors(failure.fieldErrors);
      toast({ title: errorMessage(failure, CHECK_IN_MESSAGES.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="form" onSubmit={submit} noValidate aria-label={CHECK_IN_MESSAGES.settingsTitle}>
      <Stack $gap="md">
        <TextField
          label={CHECK_IN_MESSAGES.daysLabel}
          hint={CHECK_IN_MESSAGES.daysHelp}
          value={days}
          error={errors.checkInDays}
          onChange={(event) => setDays(event.target.value)}
        />
        <TextField
          label={CHECK_IN_MESSAGES.answerDaysLabel}
          hint={CHECK_IN_MESSAGES.answerDaysHelp}
          type="number"
          min={1}
          value={answerDays}
          error={errors.checkInAnswerDays}
          onChange={(event) => setAnswerDays(event.target.value)}
        />
        <div>
          <Checkbox
            label={CHECK_IN_MESSAGES.autoCloseLabel}
            checked={autoClose}
            aria-describedby="check-in-auto-close-help"
            onChange={(event) => setAutoClose(event.target.checked)}
          />
          <HintText id="check-in-auto-close-help">{CHECK_IN_MESSAGES.autoCloseHelp}</HintText>
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {CHECK_IN_MESSAGES.save}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
