import { PROPOSAL_MESSAGES, type AdminSettings } from '@jobboard/contract/employer';
import { Checkbox, HintText, Stack, errorMessage, toast } from '@jobboard/shared-ui';
import { useState } from 'react';
import { updateSettings, useRefreshHeldJobs, useSettings } from '../api/proposals';
import { PROPOSAL_TEXT } from '../messages';

/**
 * The settings this section switches (the check-ins' have a page of their own, and the reports'
 * threshold is set on /admin/reports).
 */
type Switch = keyof Pick<AdminSettings, 'employerTypoFixes' | 'requirePay'>;

/** The admins' settings, each a switch with what it does, in the contract's words. */
const SETTINGS: readonly { key: Switch; label: string; help: string }[] = [
  {
    key: 'employerTypoFixes',
    label: PROPOSAL_MESSAGES.typoSetting,
    help: PROPOSAL_MESSAGES.typoSettingHelp,
  },
  // The board's pay rule (docs/product.md#pay): jobs without pay are held back while it is on.
  {
    key: 'requirePay',
    label: PROPOSAL_MESSAGES.paySetting,
    help: PROPOSAL_MESSAGES.paySettingHelp,
  },
];

/**
 * The admins' settings (`PUT /api/admin/settings`), each off by default: 'Let employers fix typos
 * without review' and 'Every listing shows pay'. A switch sends only its own setting; after the
 * pay rule changes, what shows the jobs it holds back is fetched again.
 */
export function SettingsSection() {
  const { data, mutate } = useSettings();
  const refreshHeldJobs = useRefreshHeldJobs();
  const [busy, setBusy] = useState(false);
  const toggle = async (key: Switch, on: boolean) => {
    setBusy(true);
    try {
      await mutate(await updateSettings({ [key]: on }), { revalidate: false });
      toast({ title: PROPOSAL_MESSAGES.settingsSaved, variant: 'success' });
      if (key === 'requirePay') void refreshHeldJobs();
    } catch (failure) {
      toast({ title: errorMessage(failure, PROPOSAL_TEXT.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack as="section" $gap="sm" aria-label={PROPOSAL_TEXT.settings}>
      {SETTINGS.map(({ key, label, help }) => (
        <div key={key}>
          <Checkbox
            label={label}
            checked={data?.[key] ?? false}
            disabled={!data || busy}
            aria-describedby={`setting-${key}-help`}
            onChange={(event) => void toggle(key, event.target.checked)}
          />
          <HintText id={`setting-${key}-help`}>{help}</HintText>
        </div>
      ))}
    </Stack>
  );
}
