import { ApplicationSettingsChange } from '@jobboard/contract/applications';
import { check } from '@jobboard/contract/common';

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
