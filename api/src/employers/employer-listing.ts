import type { AdminJob } from '@jobboard/contract/admin';
import { addDays, isoDate } from '@jobboard/contract/common';
import {
  ENDING_SOON_DAYS,
  type CheckInState,
  type EmployerCloseReason,
  type EmployerListing,
  type EmployerRenewal,
  type EmployerStatus,
  type EmployerTimelineEntry,
  type ProposalState,
} from '@jobboard/contract/employer';
import {
  formatPay,
  formatSalary,
  type ApplyLinkCheck,
  type JobStats as JobStatsView,
} from '@jobboard/contract/jobs';
import { listingTier } from '@jobboard/contract/submissions';
import { type JobAuditRow, hasExpired, payOfRow } from '../jobs';
import { unpaidInvoiceOf, type PaymentRow } from '../payments';
import type { RenewalReceipt } from '../renewals';
import type { ReviewRow, StoredEvent } from '../submissions';

/**
 * One listing as the employer's page shows it (employers-service.ts reads its parts): its status,
 * its timeline and what may be done with it. Whether its job has ended is the jobs' answer
 * (`expired`, listing-end.ts), never worked out here.
 */

/** The detail of a 'closed' line in a job's history, by reason; and back. */
export const CLOSED_DETAIL: Record<EmployerCloseReason, string> = {
  filled: 'Filled',
  closed: 'Closed',
};
const reasonOf = (detail: string | null): EmployerCloseReason | undefined =>
  detail === CLOSED_DETAIL.filled
    ? 'filled'
    : detail === CLOSED_DETAIL.closed
      ? 'closed'
      : undefined;

export const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** What a listing is read from beside its submission row. */
export interface ListingSources {
  events: StoredEvent[];
  payments: PaymentRow[];
  job: AdminJob | null;
  audit: JobAuditRow[];
  /** The job's paid renewals, oldest first. */
  renewals: RenewalReceipt[];
  stats: JobStatsView | null;
  canRenew: boolean;
  /** The job's latest proposal of changes, if any. */
  proposal?: ProposalState | null;
  /** Its applications on the board, when it has an inbox (applications/inbox-numbers.ts). */
  applications?: number;
  /** The address's Multiples Listing credits left. */
  creditsLeft: number;
  /** The newsletter issues its job appeared in (ISO, oldest first); none: undefined. */
  newsletterIssues?: string[];
  /** Its job's latest still-hiring check-in (check-ins/); none: undefined. */
  checkIn?: CheckInState;
  /** The last check of its job's application link, while the job is flagged (link-checks/). */
  applyLinkCheck?: ApplyLinkCheck;
}

const renewalOf = (renewal: RenewalReceipt): EmployerRenewal => ({
  id: String(renewal.id),
  paidAt: renewal.paidAt.toISOString(),
  endsAt: renewal.newExpiresAt?.toISOString() ?? null,
});

/** One listing as the employer's page shows it. */
export function listingOf(row: ReviewRow, sources: ListingSources, now: Date): EmployerListing {
  const { job, audit } = sources;
  const paid = sources.payments.filter(
    (p) => Number(p.submission_id) === Number(row.id) && p.status === 'paid',
  );
  const closedLine = [...audit].reverse().find((line) => line.action === 'closed');
  // Live on an invoice not yet paid (issue 47): said so, and no 'Paid' line until it is.
  const unpaidInvoice = unpaidInvoiceOf(
    row.status,
    sources.payments.filter((p) => Number(p.submission_id) === Number(row.id)),
  );
  const status = statusOf(row, job, closedLine, now);
  const endsAt = job?.expiresAt ?? null;
  return {
    submissionId: String(row.id),
    jobId: job ? String(job.id) : null,
    title: row.title,
    organization: row.organization,
    // The job's pay once it is one (an admin may have changed it), else the submission's.
    ...optionalSalary(job ? formatSalary(job) : formatPay(payOfRow(row))),
    tierName: listingTier(row.listing_type).name,
    amountCents: Number(row.amount_cents),
    status,
    submittedAt: iso(row.submitted_at ?? 0),
    endsAt,
    timeline: timelineOf(row, sources, now).filter(
      (entry) => !unpaidInvoice || entry.kind !== 'paid',
    ),
    paymentDue: row.status === 'approved',
    receiptId: paid.length ? String(paid[paid.length - 1]!.id) : null,
    canEdit: row.status === 'pending_review',
    canClose: job !== null && job.active && !job.expired,
    canRenew: sources.canRenew,
    renewals: sources.renewals.map(renewalOf),
    stats: sources.stats,
    canPropose: job !== null && job.active && !job.expired,
    proposal: sources.proposal ?? null,
    ...(sources.applications === undefined ? {} : { applications: sources.applications }),
    creditRequested: row.credit_requested_at != null,
    canUseCredit:
      row.status === 'pending_review' && row.credit_requested_at == null && sources.creditsLeft > 0,
    ...(sources.newsletterIssues?.length ? { newsletterIssues: sources.newsletterIssues } : {}),
    ...(sources.checkIn ? { checkIn: sources.checkIn } : {}),
    ...(sources.applyLinkCheck ? { applyLinkCheck: sources.applyLinkCheck } : {}),
    ...(unpaidInvoice ? { unpaidInvoice } : {}),
  };
}

const optionalSalary = (salary: string | undefined) => (salary ? { salary } : {});

function statusOf(
  row: ReviewRow,
  job: AdminJob | null,
  closedLine: JobAuditRow | undefined,
  now: Date,
): EmployerStatus {
  if (row.status === 'pending_review') return row.edited_at != null ? 'edited' : 'in_review';
  if (row.status === 'rejected') return 'rejected';
  if (row.status === 'approved') return 'awaiting_payment';
  if (!job) return 'removed';
  if (!job.active) return (closedLine && reasonOf(closedLine.detail)) ?? 'removed';
  if (job.expired) return 'ended';
  if (job.expiresAt && addDays(now, ENDING_SOON_DAYS).getTime() >= Date.parse(job.expiresAt)) {
    return 'ending';
  }
  return 'live';
}

/** Submitted, edited, approved, paid, live, closed, ending (to come) or ended: oldest first. */
function timelineOf(row: ReviewRow, { events, job, audit, renewals }: ListingSources, now: Date) {
  const entries: EmployerTimelineEntry[] = [
    { kind: 'submitted', at: iso(row.submitted_at ?? 0), detail: null },
  ];
  for (const event of events) {
    const at = iso(event.created_at);
    if (event.from_status === 'pending_review' && event.to_status === 'pending_review') {
      entries.push({ kind: 'edited', at, detail: null });
    } else if (event.to_status === 'approved' || event.to_status === 'rejected') {
      entries.push({ kind: event.to_status, at, detail: null });
    } else if (event.to_status === 'paid') {
      entries.push({ kind: 'paid', at, detail: null });
    }
  }
  if (job) {
    entries.push({ kind: 'live', at: job.createdAt, detail: null });
    for (const line of audit) {
      const reason = line.action === 'closed' ? reasonOf(line.detail) : undefined;
      if (reason) entries.push({ kind: 'closed', at: iso(line.created_at), detail: reason });
    }
    for (const renewal of renewals) {
      const until = renewal.newExpiresAt ? isoDate(renewal.newExpiresAt) : null;
      entries.push({ kind: 'renewed', at: renewal.paidAt.toISOString(), detail: until });
    }
    if (job.active && job.expiresAt) {
      // The term's end (the date 'Renew' moves), ended or to come (listing-end.ts).
      const ended = hasExpired({ expiresAt: Date.parse(job.expiresAt) }, now);
      entries.push({ kind: ended ? 'ended' : 'ending', at: job.expiresAt, detail: null });
    }
  }
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
