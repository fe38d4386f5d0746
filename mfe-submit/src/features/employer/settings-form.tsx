import { ApplicationSettingsChange } from '@jobboard/contract/applications';
import { check } from '@jobboard/contract/common';
import { TextAreaInput, TextInput } from '@jobboard/shared-ui/forms';
import { INBOX_TEXT } from './messages';

interface DeclineTemplate {
  declineSubject?: string;
  declineBody?: string;
}

/**
 * The decline template as the forms send it: a field emptied is '' (react-final-form holds it
 * as undefined, which the API would read as "not given" and keep the old text), so it is refused
 * with its message rather than silently kept.
 */
export const withTemplate = <T extends DeclineTemplate>(values: T) => ({
  ...values,
  declineSubject: values.declineSubject ?? '',
  declineBody: values.declineBody ?? '',
});

/** The forms' messages, from the struct the API checks the settings with. */
export function settingsErrors(values: DeclineTemplate): Record<string, string> {
  const result = check(ApplicationSettingsChange, withTemplate(values));
  return result.ok ? {} : result.errors;
}

/** The decline template's two fields, the same in the settings and in a decline. */
export function DeclineTemplateFields() {
  return (
    <>
      <TextInput name="declineSubject" label={INBOX_TEXT.declineSubject} required />
      <TextAreaInput
        name="declineBody"
        label={INBOX_TEXT.declineBody}
        rows={8}
        hint={INBOX_TEXT.declineHint}
      />
    </>
  );
}
