import {
  NEWSLETTER_MESSAGES,
  WEEKDAYS,
  type NewsletterSchedule,
  type NewsletterScheduleSetting,
} from '@jobboard/contract/admin';
import {
  Button,
  Card,
  CardTitle,
  Checkbox,
  Cluster,
  HintText,
  Select,
  Stack,
  toast,
} from '@jobboard/shared-ui';
import { useState } from 'react';
import { toastFailure } from '../../../lib/toast-failure';
import { saveSchedule } from '../api/newsletter';
import { NEWSLETTER_TEXT } from '../messages';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The weekly draft: on or off (off by default), its day and hour (UTC), when it runs next and what
 * came of its last run (a draft made, nothing to send, or Ghost's refusal in the contract's words).
 */
export function ScheduleSection({
  schedule,
  onSaved,
}: {
  schedule: NewsletterSchedule;
  onSaved(schedule: NewsletterSchedule): void;
}) {
  const [setting, setSetting] = useState<NewsletterScheduleSetting>({
    on: schedule.on,
    weekday: schedule.weekday,
    hour: schedule.hour,
  });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onSaved(await saveSchedule(setting));
      toast({ title: NEWSLETTER_MESSAGES.scheduleSaved, variant: 'success' });
    } catch (failure) {
      toastFailure(NEWSLETTER_TEXT.scheduleFailed, failure, NEWSLETTER_TEXT.scheduleFailed);
    } finally {
      setBusy(false);
    }
  };
  const last = schedule.last;
  return (
    <Card aria-labelledby="newsletter-schedule">
      <CardTitle id="newsletter-schedule">{NEWSLETTER_TEXT.schedule}</CardTitle>
      <Stack $gap="sm">
        <Checkbox
          label={NEWSLETTER_TEXT.scheduleOn}
          checked={setting.on}
          onChange={(event) => setSetting({ ...setting, on: event.target.checked })}
        />
        <HintText>{NEWSLETTER_TEXT.scheduleHint}</HintText>
        <Cluster>
          <Select
            label={NEWSLETTER_TEXT.weekday}
            value={setting.weekday}
            onChange={(event) =>
              setSetting({ ...setting, weekday: event.target.value as typeof setting.weekday })
            }
            options={WEEKDAYS.map((day) => ({ value: day, label: NEWSLETTER_TEXT.weekdays[day] }))}
          />
          <Select
            label={NEWSLETTER_TEXT.hour}
            value={String(setting.hour)}
            onChange={(event) => setSetting({ ...setting, hour: Number(event.target.value) })}
            options={HOURS.map((hour) => ({
              value: String(hour),
              label: NEWSLETTER_TEXT.hourLabel(hour),
            }))}
          />
        </Cluster>
        <Cluster>
          <Button $variant="secondary" onClick={() => void save()} disabled={busy}>
            {NEWSLETTER_TEXT.saveSchedule}
          </Button>
        </Cluster>
        {schedule.next && <p>{NEWSLETTER_TEXT.next(NEWSLETTER_TEXT.at(schedule.next))}</p>}
        {last && (
          <p>
            {NEWSLETTER_TEXT.lastRun(
              NEWSLETTER_TEXT.at(last.at),
              last.message ?? NEWSLETTER_TEXT.lastMade,
            )}
          </p>
        )}
      </Stack>
    </Card>
  );
}
