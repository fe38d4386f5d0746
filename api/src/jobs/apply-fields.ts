import {
  APPLY_FIELD_MESSAGES,
  applyFieldErrors,
  normaliseQuestions,
  parseQuestions,
  type ApplyFields,
  type ApplyMethod,
  type ScreeningQuestion,
} from '@jobboard/contract/applications';
import { httpUrl } from '@jobboard/contract/site';
import type { ChangeValue, JobField } from '@jobboard/contract/jobs';
import { Invalid } from '../platform/domain-errors';
import type { JobRow } from './job-mapper';

/**
 * How a job takes applications (issue 42, docs/product.md#applying), as every writer stores it:
 * the method, the relayed address, the job's words and its questions (a JSON list, normalised:
 * numbered q1.., trimmed; none: null). The link is `application_url`, written with the job's other
 * columns. What a write does not give stays as stored (job-patch.ts).
 */
export interface ApplyPatch {
  applyMethod?: ApplyMethod | null;
  applicationEmail?: string | null;
  howToApply?: string | null;
  screeningQuestions?: ScreeningQuestion[];
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** The stored JSON of a list of questions (none: null), normalised. */
export function questionsColumn(
  questions: readonly ScreeningQuestion[] | undefined,
): string | null {
  const normalised = normaliseQuestions(questions ?? []);
  return normalised.length ? JSON.stringify(normalised) : null;
}

/** A new job's apply columns (job-columns.ts): what its input gives, else none. */
export function applyColumns(input: ApplyPatch) {
  return {
    apply_method: input.applyMethod ?? null,
    application_email: text(input.applicationEmail),
    how_to_apply: text(input.howToApply),
    screening_questions: questionsColumn(input.screeningQuestions),
  };
}

/**
 * The apply fields a patch gives, each compared with the row's (planPatch's `set`: written and
 * reported only when it differs). The questions' change carries the stored JSON (its words:
 * the contract's applyValueInWords).
 */
export function planApply(
  row: Pick<JobRow, 'apply_method' | 'application_email' | 'how_to_apply' | 'screening_questions'>,
  patch: ApplyPatch,
  set: (field: JobField, column: string, from: ChangeValue, to: ChangeValue) => void,
) {
  if (Object.hasOwn(patch, 'applyMethod')) {
    set('applyMethod', 'apply_method', row.apply_method ?? null, patch.applyMethod ?? null);
  }
  if (Object.hasOwn(patch, 'applicationEmail')) {
    set(
      'applicationEmail',
      'application_email',
      row.application_email ?? null,
      text(patch.applicationEmail),
    );
  }
  if (Object.hasOwn(patch, 'howToApply')) {
    set('howToApply', 'how_to_apply', row.how_to_apply ?? null, text(patch.howToApply));
  }
  if (Object.hasOwn(patch, 'screeningQuestions')) {
    // Compared as lists: a damaged or '[]' stored value is no questions, as the reader has it.
    const stored = parseQuestions(row.screening_questions);
    set(
      'screeningQuestions',
      'screening_questions',
      stored.length ? JSON.stringify(stored) : null,
      questionsColumn(patch.screeningQuestions),
    );
  }
}

/** The apply fields of a stored job (the admin's view, a writer's check of a partial change). */
export function applyFieldsOfRow(
  row: Pick<
    JobRow,
    | 'apply_method'
    | 'application_url'
    | 'application_email'
    | 'how_to_apply'
    | 'screening_questions'
  >,
): ApplyFields {
  return {
    applyMethod: row.apply_method ?? null,
    applicationUrl: row.application_url ?? null,
    applicationEmail: row.application_email ?? null,
    howToApply: row.how_to_apply ?? null,
    screeningQuestions: parseQuestions(row.screening_questions),
  };
}

/**
 * Whether a job's apply fields hold together once a write is applied (`after`: the stored fields
 * with the given ones over them): Invalid with each field's message otherwise. A link needs its
 * address; the board's form needs an employer to read the inbox, so a job without a submission
 * (an admin's, a sync's) cannot have it.
 */
export function checkApplyFields(after: ApplyFields, hasEmployer: boolean): void {
  const errors = applyFieldErrors(after);
  if (after.applyMethod === 'link' && !httpUrl(after.applicationUrl)) {
    errors.applicationUrl = APPLY_FIELD_MESSAGES.applicationUrl;
  }
  if (after.applyMethod === 'form' && !hasEmployer) {
    errors.applyMethod = APPLY_FIELD_MESSAGES.formNeedsEmployer;
  }
  if (Object.keys(errors).length) throw new Invalid(errors);
}
