import { PROPOSAL_MESSAGES } from '@jobboard/contract/employer';
import { Checkbox, HintText, errorMessage, toast } from '@jobboard/shared-ui';
import { useState } from 'react';
import { updateSettings, useSettings } from '../api/proposals';
import { PROPOSAL_TEXT } from '../messages';

/** 'Let employers fix typos without review': the admins' setting, off by default. */
export function TypoFixSetting() {
  const { data, mutate } = useSettings();
  const [busy, setBusy] = useState(false);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await mutate(await updateSettings({ employerTypoFixes: on }), { revalidate: false });
      toast({ title: PROPOSAL_MESSAGES.settingsSaved, variant: 'success' });
    } catch (failure) {
      toast({ title: errorMessage(failure, PROPOSAL_TEXT.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={PROPOSAL_TEXT.settings}>
      <Checkbox
        label={PROPOSAL_MESSAGES.typoSetting}
        checked={data?.employerTypoFixes ?? false}
        disabled={!data || busy}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <HintText>{PROPOSAL_MESSAGES.typoSettingHelp}</HintText>
    </section>
  );
}
