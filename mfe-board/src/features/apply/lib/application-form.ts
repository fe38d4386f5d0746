import {
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  applicationErrors,
  resumeError,
  type ScreeningQuestion,
} from '@jobboard/contract/applications';
import type { HumanProofBody } from '@jobboard/contract/common';
import type { Member } from '@jobboard/contract/members';
import { ApiError } from '@jobboard/shared-ui';
import { FORM_ERROR, setIn, type SubmissionErrors } from 'final-form';
import { refusedFields } from '../../../lib/form-problems';
import { draftOf, type ApplicationDraft } from './draft';

/** What the dialog's form holds: the text the draft keeps, and the chosen résumé. */
export interface ApplicationValues extends ApplicationDraft {
  resume?: File | null;
}

/**
 * The form as it opens: the job's draft where it has a value, else what a signed-in member's
 * record says of their name and address (docs/product.md#applying), else empty.
 */
export function initialValues(
  draft: ApplicationDraft | null,
  member: Member | null,
): ApplicationValues {
  const values = draftOf(draft ?? {});
  return {
    ...values,
    name: values.name || member?.name || '',
    email: values.email || member?.email || '',
  };
}

/** Messages by a field's path (`answers.q1`) as final-form reads them: nested objects. */
function nested(flat: Record<string, string>): Record<string, unknown> {
  return Object.entries(flat).reduce<object>(
    (errors, [field, message]) => setIn(errors, field, message),
    {},
  ) as Record<string, unknown>;
}

/** The form's messages before it is sent: the server's own rules, from the contract. */
export function validateApplication(
  values: ApplicationValues,
  questions: readonly ScreeningQuestion[],
): Record<string, unknown> {
  const errors = applicationErrors(draftOf(values), questions);
  const resume = resumeError(values.resume);
  if (resume) errors.resume = resume;
  return nested(errors);
}

/**
 * The multipart body of `POST /api/jobs/:id/applications`: each text field under its name, each of
 * the job's questions' answers as `answers.<id>`, the résumé as the file `resume`.
 */
export function applicationFormData(
  values: ApplicationValues,
  questions: readonly ScreeningQuestion[],
  proof: HumanProofBody = {},
): FormData {
  const draft = draftOf(values);
  const form = new FormData();
  for (const field of APPLICATION_FIELDS) form.append(field, draft[field]);
  for (const question of questions) {
    form.append(`answers.${question.id}`, draft.answers[question.id] ?? '');
  }
  // The spam check's two fields (issue 45), as the form drawn without JavaScript sends them.
  for (const [name, value] of Object.entries(proof)) form.append(name, value);
  if (values.resume) form.append('resume', values.resume, values.resume.name);
  return form;
}

/** The fields a refusal's messages can be shown beside. */
function fieldNames(questions: readonly ScreeningQuestion[]): Set<string> {
  return new Set([
    ...APPLICATION_FIELDS,
    'resume',
    ...questions.map((question) => `answers.${question.id}`),
  ]);
}

/**
 * What a failed send shows (everything typed stays): the server's message of each field beside
 * it; else its message for the whole form (a duplicate, a closed job, too many, a 5xx); when the
 * server could not be reached, or said nothing readable, APPLICATION_MESSAGES.failed.
 */
export function submissionErrors(
  error: unknown,
  questions: readonly ScreeningQuestion[],
): SubmissionErrors {
  if (!(error instanceof ApiError)) return { [FORM_ERROR]: APPLICATION_MESSAGES.failed };
  const known = fieldNames(questions);
  const fields = Object.fromEntries(
    Object.entries(refusedFields(error)).filter(([field]) => known.has(field)),
  );
  if (Object.keys(fields).length > 0) return nested(fields);
  return { [FORM_ERROR]: error.serverMessage ?? APPLICATION_MESSAGES.failed };
}
