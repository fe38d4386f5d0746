import {
  any,
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  min,
  nullable,
  object,
  optional,
  size,
  string,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { AdminJob } from './admin/jobs';
import { JobStats } from './job-stats';
import { AdminSubmission } from './admin/submissions';
import { MAX_PAGE, MAX_QUERY_LENGTH } from './choices';
import { RecordId } from './job';
import { FieldChange } from './job-changes';
import { queryInteger } from './search';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from './submission';

/**
 * The admin's paged lists (issue 16): what their query strings take, what they answer, and the
 * one mapping between a list's view and its URL, shared by the API and mfe-admin so a shared
 * address shows the same view.
 */

/** Rows per page of an admin list unless the URL asks for another size. */
const ADMIN_PAGE_SIZE = 25;
/** The admin's page sizes (what the page-size menu offers; the API takes 1 to 100). */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
/** 'Expiring soon': a live job whose listing ends within this many days. */
export const EXPIRING_WITHIN_DAYS = 7;

/** Where a job came from (jobs.source). */
export const JOB_SOURCES = ['admin', 'submission', 'sync', 'demo'] as const;

/**
 * The status filter of the jobs list: live (active, not ended, not held back), inactive, ended,
 * or held back by the board's pay rule (docs/product.md#pay).
 */
export const ADMIN_JOB_STATUSES = ['live', 'inactive', 'expired', 'held'] as const;
/** Columns the jobs list sorts by. */
export const ADMIN_JOB_SORTS = [
  'created',
  'title',
  'organization',
  'posted',
  'status',
  'expires',
] as const;
export type AdminJobSort = (typeof ADMIN_JOB_SORTS)[number];
/** Columns the submissions list sorts by. */
export const ADMIN_SUBMISSION_SORTS = [
  'submitted',
  'title',
  'organization',
  'amount',
  'status',
] as const;
export type AdminSubmissionSort = (typeof ADMIN_SUBMISSION_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const SUBMISSION_STATUSES = Object.keys(SUBMISSION_STATUS_LABELS) as SubmissionStatus[];

/** A choice from a query string; an empty value ('?status=') is the same as none. */
export const queryChoice = <T extends string>(values: readonly T[]) =>
  optional(coerce(enums(values), literal(''), () => undefined as unknown as T));

/** Search text of a list: at most MAX_QUERY_LENGTH characters; blank is no search. */
const queryText = optional(
  described<string>(
    'queryText',
    { type: 'string', maxLength: MAX_QUERY_LENGTH },
    (v) =>
      (typeof v === 'string' && v.length <= MAX_QUERY_LENGTH) ||
      `Please keep the search under ${MAX_QUERY_LENGTH} characters`,
  ),
);

/** `GET /api/admin/lists/jobs` (and the jobs CSV): the dashboard's view of every job. */
export const AdminJobsQuery = object({
  q: queryText,
  status: queryChoice(ADMIN_JOB_STATUSES),
  featured: queryChoice(['yes', 'no'] as const),
  source: queryChoice(JOB_SOURCES),
  /** 'yes': live jobs whose listing ends within EXPIRING_WITHIN_DAYS days. */
  expiring: queryChoice(['yes'] as const),
  /** 'unanswered': jobs whose latest still-hiring check-in is flagged for no answer (issue 45). */
  checkIn: queryChoice(['unanswered'] as const),
  /** 'flagged': jobs whose application link the board found dead (issue 45), whatever their state. */
  link: queryChoice(['flagged'] as const),
  sort: defaulted(queryChoice(ADMIN_JOB_SORTS), 'created'),
  dir: defaulted(queryChoice(SORT_DIRECTIONS), 'desc'),
  page: queryInteger(1, MAX_PAGE, 1),
  pageSize: queryInteger(1, 100, ADMIN_PAGE_SIZE),
});
export type AdminJobsQuery = Infer<typeof AdminJobsQuery>;

/** `GET /api/admin/lists/submissions` (and the submissions CSV): the review queue's view. */
export const AdminSubmissionsQuery = object({
  q: queryText,
  status: queryChoice(SUBMISSION_STATUSES),
  sort: defaulted(queryChoice(ADMIN_SUBMISSION_SORTS), 'submitted'),
  dir: defaulted(queryChoice(SORT_DIRECTIONS), 'desc'),
  page: queryInteger(1, MAX_PAGE, 1),
  pageSize: queryInteger(1, 100, ADMIN_PAGE_SIZE),
});
export type AdminSubmissionsQuery = Infer<typeof AdminSubmissionsQuery>;

/** One page of the jobs list; `total` counts every job of the view (all pages). */
export const AdminJobPage = object({
  jobs: array(AdminJob),
  total: min(integer(), 0),
  page: min(integer(), 1),
  pageSize: min(integer(), 1),
  /** Jobs flagged for an unanswered check-in, whatever the view (the filter's count, issue 45). */
  unansweredCheckIns: optional(min(integer(), 0)),
});
export type AdminJobPage = Infer<typeof AdminJobPage>;

/** One page of the review queue, and what needs attention across the whole queue. */
export const AdminSubmissionPage = object({
  submissions: array(AdminSubmission),
  total: min(integer(), 0),
  page: min(integer(), 1),
  pageSize: min(integer(), 1),
  /** Payments that need an admin, on any page. */
  flaggedPayments: min(integer(), 0),
});
export type AdminSubmissionPage = Infer<typeof AdminSubmissionPage>;

/** The query string of a list's view: only what differs from the defaults, in a fixed order. */
export function listQueryString(
  view: Record<string, string | number | undefined>,
  defaults: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const ADMIN_JOBS_DEFAULTS = {
  sort: 'created',
  dir: 'desc',
  page: 1,
  pageSize: ADMIN_PAGE_SIZE,
} as const;
export const ADMIN_SUBMISSIONS_DEFAULTS = {
  sort: 'submitted',
  dir: 'desc',
  page: 1,
  pageSize: ADMIN_PAGE_SIZE,
} as const;

// ---- extend ---------------------------------------------------------------------------------

/**
 * Days an admin's Extend adds to a listing, from its end (or from today if it has ended): the
 * same for one job (`POST /api/admin/jobs/:id/extend`) and for many (the bulk action). The server
 * applies it; the admin's buttons and toasts say this number (issue 41, R2).
 */
export const EXTEND_DAYS = 30;

/**
 * `POST /api/admin/jobs/:id/extend`: no body is needed, the server extends by EXTEND_DAYS. `days`
 * is what the admin builds before contract 1.3 send (always 30, which is still taken); any other
 * number is refused rather than the listing silently extended by another
 * (docs/decisions/one-home-for-each-rule.md).
 */
export const ExtendListing = coerce(
  object({
    /** @deprecated since contract 1.3, removed in 2.0: the server decides (EXTEND_DAYS). */
    days: optional(
      described<number>(
        'days',
        { const: EXTEND_DAYS, deprecated: true },
        (v) =>
          v === EXTEND_DAYS ||
          `A listing is extended by ${EXTEND_DAYS} days; send no days to extend it`,
      ),
    ),
  }),
  // No body at all is an empty one (Fastify hands the validator null for it).
  any(),
  (value: unknown) => value ?? {},
);
export type ExtendListing = Infer<typeof ExtendListing>;

// ---- bulk actions ---------------------------------------------------------------------------

export const BULK_JOB_ACTIONS = ['deactivate', 'activate', 'extend', 'delete'] as const;
export type BulkJobActionName = (typeof BULK_JOB_ACTIONS)[number];
/** Most jobs one bulk action takes: four pages of the largest page size. */
export const MAX_BULK_JOBS = 400;

/** `POST /api/admin/jobs/bulk`: one action on every selected job, all or nothing. */
export const BulkJobAction = object({
  action: enums(BULK_JOB_ACTIONS),
  ids: size(array(RecordId), 1, MAX_BULK_JOBS),
});
export type BulkJobAction = Infer<typeof BulkJobAction>;

/** What a bulk action did: `changed` jobs of `requested` (a job already in that state is counted as unchanged). */
export const BulkJobResult = object({
  action: enums(BULK_JOB_ACTIONS),
  requested: integer(),
  changed: integer(),
  unchanged: integer(),
  message: string(),
});
export type BulkJobResult = Infer<typeof BulkJobResult>;

/** The summary of a bulk action, one text for the toast and the API's message. */
export function bulkSummary(action: BulkJobActionName, changed: number, unchanged: number): string {
  const jobs = (n: number) => `${n} job${n === 1 ? '' : 's'}`;
  const done = {
    deactivate: 'deactivated',
    activate: 'activated',
    extend: `extended by ${EXTEND_DAYS} days`,
    delete: 'deleted',
  }[action];
  return unchanged > 0
    ? `${jobs(changed)} ${done}; ${jobs(unchanged)} already so`
    : `${jobs(changed)} ${done}`;
}

// ---- history --------------------------------------------------------------------------------

export const HISTORY_KINDS = [
  'created',
  'edited',
  'activated',
  'deactivated',
  'extended',
  'republished',
  'submitted',
  'approved',
  'rejected',
  'paid',
  'published',
  'expired',
  'changed',
  /** A change of the company's details (website, logo, description): who, old and new. */
  'company_changed',
  'email_sent',
  'email_failed',
  'email_waiting',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** One line of a job's or a submission's timeline, oldest first. */
export const HistoryEntry = object({
  at: string(),
  kind: enums(HISTORY_KINDS),
  summary: string(),
  /** Who did it ('admin:alice', 'stripe', 'employer', 'system'); null when nobody in particular. */
  actor: nullable(string()),
  /** Which fields the change changed, from what to what (absent when it names none). */
  changes: optional(array(FieldChange)),
});
export type HistoryEntry = Infer<typeof HistoryEntry>;
export const History = array(HistoryEntry);

/** Longest text of a job_audit line (job_audit.detail). */
export const JOB_AUDIT_DETAIL_MAX = 500;

// ---- e-mail ---------------------------------------------------------------------------------

export const EMAIL_STATES = ['pending', 'sent', 'failed'] as const;

export const AdminEmailsQuery = object({
  status: queryChoice(EMAIL_STATES),
  page: queryInteger(1, MAX_PAGE, 1),
  pageSize: queryInteger(1, 100, ADMIN_PAGE_SIZE),
});
export type AdminEmailsQuery = Infer<typeof AdminEmailsQuery>;

/** An outbox message as the e-mail page lists it (its body is not shown). */
export const AdminEmail = object({
  id: string(),
  template: string(),
  to: string(),
  subject: string(),
  status: enums(EMAIL_STATES),
  attempts: integer(),
  lastError: nullable(string()),
  createdAt: string(),
  sentAt: nullable(string()),
  submissionId: nullable(string()),
  /** Whether 'Resend' is offered: failed, and still whole (a pay link is not kept once given up). */
  resendable: boolean(),
});
export type AdminEmail = Infer<typeof AdminEmail>;

export const AdminEmailPage = object({
  emails: array(AdminEmail),
  total: min(integer(), 0),
  page: min(integer(), 1),
  pageSize: min(integer(), 1),
});
export type AdminEmailPage = Infer<typeof AdminEmailPage>;

// ---- numbers --------------------------------------------------------------------------------

/** Months of revenue the dashboard's chart shows, this month included. */
export const REVENUE_MONTHS = 12;

/** `GET /api/admin/stats`: the dashboard's numbers at a glance. */
export const AdminStats = object({
  live: integer(),
  expiringSoon: integer(),
  pendingReview: integer(),
  paidThisMonth: integer(),
  /** Paid amounts by calendar month (UTC), oldest first, REVENUE_MONTHS of them, in cents. */
  revenueByMonth: array(object({ month: string(), cents: integer() })),
  /** When jobs were last synced from the external source (ISO); null before the first sync. */
  lastSync: nullable(string()),
  /** Confirmed job alerts: the ones that send. */
  confirmedAlerts: min(integer(), 0),
  /**
   * Applications the board holds (every listing's, until withdrawn, deleted or past their
   * retention), and those sent this calendar month (UTC). Optional only for an admin remote's
   * fixtures built earlier: the API always sends them.
   */
  applications: optional(min(integer(), 0)),
  applicationsThisMonth: optional(min(integer(), 0)),
  /**
   * The whole board's views and apply clicks, the last JOB_STATS_DAYS days, each day by channel
   * (issue 44): every job's, as a job's stats count them (docs/product.md#numbers). Absent from an
   * API before channels.
   */
  boardStats: optional(JobStats),
  /**
   * Live listings whose application link the board found dead (issue 45): the jobs list's
   * `link=flagged` among the live ones. Absent from an API before the link checker.
   */
  flaggedLinks: optional(min(integer(), 0)),
});
export type AdminStats = Infer<typeof AdminStats>;
