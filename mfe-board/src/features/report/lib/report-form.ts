import { check } from '@jobboard/contract/common';
import {
  ListingReport,
  REPORT_TEXTS,
  type ListingReport as ReportBody,
} from '@jobboard/contract/jobs';
import { ApiError } from '@jobboard/shared-ui';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { refusedFields } from '../../../lib/form-problems';

/** What the report form holds: the reason chosen (none at first), the note and the address. */
export interface ReportValues {
  reason?: string;
  note: string;
  email: string;
}

export const INITIAL_VALUES: ReportValues = { note: '', email: '' };

/** The fields the form shows, so a server message for any other goes to the whole form. */
const FIELDS = new Set(['reason', 'note', 'email']);

/**
 * What is sent (`POST /api/jobs/:id/reports`): the reason, and the note and address when given;
 * the spam check's two fields go beside them (ReportForm).
 */
export function reportBody(values: ReportValues): ReportBody {
  return {
    reason: values.reason as ReportBody['reason'],
    ...(values.note.trim() ? { note: values.note } : {}),
    ...(values.email.trim() ? { email: values.email.trim() } : {}),
  };
}

/** Checked in the browser by the server's own struct: the same messages, before anything is sent. */
export function validateReport(values: ReportValues): Record<string, string> {
  const result = check(ListingReport, reportBody(values));
  return result.ok ? {} : result.errors;
}

/**
 * What a refused report shows (everything typed stays): the server's message of each field
 * beside it; else its message for the whole form (already reported, no longer on the board, too
 * many); REPORT_TEXTS.failed when the server could not be reached or said nothing readable.
 */
export function reportErrors(error: unknown): SubmissionErrors {
  if (!(error instanceof ApiError)) return { [FORM_ERROR]: REPORT_TEXTS.failed };
  const fields = Object.entries(refusedFields(error)).filter(([field]) => FIELDS.has(field));
  if (fields.length) return Object.fromEntries(fields);
  return { [FORM_ERROR]: error.serverMessage ?? REPORT_TEXTS.failed };
}
