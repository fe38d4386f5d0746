import { JOB_AUDIT_DETAIL_MAX } from '@jobboard/contract/admin';
import { reportReasonLabel, type ReportReason } from '@jobboard/contract/jobs';
import type { JobAuditAction } from '../jobs';

/**
 * How the reports' changes of a listing read in its history (job_audit, through
 * JobsService.switchListing): each names the reports it follows, by number and reason.
 */

type Reported = { id: number; reason: ReportReason };
type Line = { action: JobAuditAction; detail: string };

/** The history's summary of each ('Taken off the board after reports'): backoffice/history.ts. */
const HIDDEN = 'Taken off the board after reports';
const RESTORED = 'Put back on the board after review';

/** '#12 Scam or asks for money, #14 Other', the first ten, then how many more. */
function named(reports: Reported[]): string {
  const shown = reports.slice(0, 10).map((r) => `#${r.id} ${reportReasonLabel(r.reason)}`);
  const more = reports.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}

const plural = (n: number) => `${n} report${n === 1 ? '' : 's'}`;

/** A detail that fits job_audit.detail. */
const fit = (text: string) =>
  text.length <= JOB_AUDIT_DETAIL_MAX ? text : `${text.slice(0, JOB_AUDIT_DETAIL_MAX - 1)}…`;

/** The threshold was reached: hidden by the system until an admin decides. */
export const hiddenByThreshold = (reports: Reported[]): Line => ({
  action: 'hidden',
  detail: fit(
    `${HIDDEN}: hidden pending review after ${plural(reports.length)} from different visitors (${named(reports)})`,
  ),
});

/** An admin upheld the reports (the actor is the admin). */
export const hiddenByAdmin = (reports: Reported[]): Line => ({
  action: 'hidden',
  detail: fit(`${HIDDEN}: ${plural(reports.length)} upheld (${named(reports)})`),
});

/** An admin put it back (the actor is the admin); the open reports it closes, if any. */
export const restoredLine = (kept: Reported[]): Line => ({
  action: 'restored',
  detail: fit(
    kept.length ? `${RESTORED}: ${plural(kept.length)} dismissed (${named(kept)})` : RESTORED,
  ),
});
