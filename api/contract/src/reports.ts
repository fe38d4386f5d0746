import {
  array,
  enums,
  integer,
  min,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { CONTACT_EMAIL_MAX, isContactEmail } from './email-key';
import { HUMAN_PROOF_BODY } from './human-proof';

/**
 * Reports of listings (issue 45): anyone may report a live listing from its page, with a reason,
 * an optional note and an optional address for the outcome. An admin reviews the reports of each
 * listing in a queue (keeps the listing, takes it off the board, or puts a hidden one back); a
 * set number of independent reports (the admin's setting `reportThreshold`) takes a listing off
 * the board by itself, pending that review. A listing is never deleted by a report. The board's
 * dialog, the API, the admin's queue and the e-mails read the reasons, limits and texts here.
 */

/** Why a listing is reported, in the order the dialog lists them. */
export const REPORT_REASONS = [
  { value: 'scam', label: 'Scam or asks for money' },
  { value: 'closed', label: 'Closed or filled' },
  { value: 'wrong_information', label: 'Wrong information' },
  { value: 'discriminatory', label: 'Discriminatory' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const REPORT_REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [
  ReportReason,
  ...ReportReason[],
];

/** A reason's label ('Scam or asks for money'). */
export const reportReasonLabel = (reason: ReportReason): string =>
  REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;

export const REPORT_LIMITS = {
  /** The reporter's note (column listing_reports.note, varchar 1000). */
  note: 1000,
  /** The reporter's address, as every address the board takes (listing_reports.email, varchar 254). */
  email: CONTACT_EMAIL_MAX,
  /** The admin's setting: independent open reports that take a listing off the board by itself. */
  defaultThreshold: 3,
  /** Its highest value; 0 turns the automatic hiding off (every report waits for an admin). */
  maxThreshold: 50,
} as const;

/** The texts of the job page's 'Report this listing' and its dialog (mfe-board). */
export const REPORT_TEXTS = {
  button: 'Report this listing',
  title: 'Report this listing',
  intro:
    "Tell us what is wrong with this listing. We review every report, and take a listing down when it breaks the board's rules.",
  reasonLegend: 'What is wrong?',
  note: 'Anything we should know? (optional)',
  noteHint: `At most ${REPORT_LIMITS.note} characters. What you saw, and where: please leave out other people's personal details.`,
  email: 'Your e-mail address (optional)',
  emailHint:
    'Only to tell you what we decided. We use it for nothing else, and forget it once we have told you.',
  send: 'Send report',
  sending: 'Sending...',
  cancel: 'Cancel',
  sentTitle: 'Report sent',
  failed: 'Your report could not be sent. Please try again.',
} as const;

/** The API's answers to a report, and the messages of its fields. */
export const REPORT_MESSAGES = {
  reason: 'Please choose what is wrong with this listing',
  note: `Please keep your note to ${REPORT_LIMITS.note} characters`,
  email: 'Please enter a valid email address',
  /** 201: stored. */
  received: 'Thank you. We will review this listing.',
  receivedWithEmail: 'Thank you. We will review this listing and e-mail you what we decide.',
  /** 409: this client's report of this listing is still open (one counts once: see docs). */
  alreadyReported:
    'You have reported this listing already, and your report is waiting for review. Thank you.',
  /** 404: the listing is not live (closed, ended, hidden, unknown). */
  notOnBoard: 'This listing is no longer on the board, so there is nothing to report.',
  /** 429: the listing's own cap (RATE_LIMITS.reportsPerListing). */
  tooManyForListing:
    'This listing has had many reports today and is waiting for review. Thank you: there is no need to report it again.',
  // ---- the admin's queue ----
  threshold: `Please enter a whole number from 0 to ${REPORT_LIMITS.maxThreshold}`,
  notFound: 'No reports of this listing',
  nothingOpen: 'This listing has no open reports: there is nothing to decide.',
  notHidden: 'This listing is not hidden after reports, so there is nothing to restore.',
  dismissed: (emailed: number) =>
    `Reports dismissed: the listing stays on the board.${emailedLine(emailed)}`,
  hidden: (emailed: number) =>
    `The listing is off the board. It is kept, and can be restored.${emailedLine(emailed)}`,
  restored: (emailed: number) => `The listing is back on the board.${emailedLine(emailed)}`,
} as const;

const emailedLine = (n: number) =>
  n ? ` ${n} reporter${n === 1 ? '' : 's'} will be e-mailed the outcome.` : '';

/** `POST /api/jobs/:id/reports`: a visitor's report of a live listing. */
export const ListingReport = object({
  reason: described<ReportReason>(
    'reason',
    { enum: REPORT_REASON_VALUES },
    (value) => REPORT_REASON_VALUES.includes(value as ReportReason) || REPORT_MESSAGES.reason,
  ),
  /** Blank is no note. */
  note: optional(
    described<string>(
      'note',
      { type: 'string', description: `At most ${REPORT_LIMITS.note} characters once trimmed.` },
      (value) =>
        (typeof value === 'string' && Array.from(value.trim()).length <= REPORT_LIMITS.note) ||
        REPORT_MESSAGES.note,
    ),
  ),
  /** Blank is no address: the reporter is told nothing. */
  email: optional(
    described<string>(
      'email',
      { type: 'string', maxLength: CONTACT_EMAIL_MAX, description: 'An e-mail address, or blank.' },
      (value) =>
        (typeof value === 'string' && (value.trim() === '' || isContactEmail(value))) ||
        REPORT_MESSAGES.email,
    ),
  ),
  /** The spam check (issue 45): the solved challenge and the honeypot. */
  ...HUMAN_PROOF_BODY,
});
export type ListingReport = Infer<typeof ListingReport>;

/**
 * Where a reported listing stands: 'live' on the board; 'hidden', taken off it after reports (by
 * the threshold or an admin), kept and restorable; 'off', off the board for another reason (its
 * end, its deadline, the employer closed it, an admin switched it off).
 */
export const REPORTED_LISTING_STATES = ['live', 'hidden', 'off'] as const;
export type ReportedListingState = (typeof REPORTED_LISTING_STATES)[number];

/** Where a report stands: open until an admin decides, then kept (the listing stays) or taken down. */
export const REPORT_STATUSES = ['open', 'kept', 'taken_down'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * One report in the data export of the address it was sent with (docs/product.md#privacy): the
 * listing, the reason, the note, when, and where it stands. A report is found by its address only
 * while it keeps one: until it is decided (the outcome e-mail is then queued and the address
 * forgotten), or until its reporter deletes their data.
 */
export const ReportRecord = object({
  jobId: string(),
  title: string(),
  organization: string(),
  reason: enums(REPORT_REASON_VALUES),
  /** '' when the reporter wrote none. */
  note: string(),
  status: enums(REPORT_STATUSES),
  /** ISO 8601. */
  createdAt: string(),
});
export type ReportRecord = Infer<typeof ReportRecord>;

/** One open report as the admin's queue shows it. */
export const AdminReport = object({
  id: string(),
  reason: enums(REPORT_REASON_VALUES),
  /** '' when the reporter wrote none. */
  note: string(),
  /**
   * The reporter's address, kept until the report is decided (then forgotten, once the outcome
   * e-mail is queued) or its reporter deletes their data; null when none was given or it is gone.
   */
  email: nullable(string()),
  /** ISO 8601. */
  createdAt: string(),
});
export type AdminReport = Infer<typeof AdminReport>;

/** A listing in the queue: its open reports (one per independent reporter) and their reasons. */
export const AdminReportedListing = object({
  jobId: string(),
  title: string(),
  organization: string(),
  state: enums(REPORTED_LISTING_STATES),
  /** When the reports took it off the board (ISO 8601), and by whom ('system', 'admin:<name>'). */
  hiddenAt: nullable(string()),
  hiddenBy: nullable(string()),
  /** Open reports, each from another client: the number the threshold counts. */
  openReports: min(integer(), 0),
  /** The open reports by reason, in REPORT_REASONS' order, those with any. */
  reasons: array(object({ reason: enums(REPORT_REASON_VALUES), count: min(integer(), 1) })),
  /** The open reports, newest first. */
  reports: array(AdminReport),
});
export type AdminReportedListing = Infer<typeof AdminReportedListing>;

/**
 * `GET /api/admin/reports`: the listings with open reports (most reports first, then the oldest
 * report first), then those hidden after reports and decided, newest first; with the threshold.
 */
export const AdminReportQueue = object({
  threshold: min(integer(), 0),
  listings: array(AdminReportedListing),
});
export type AdminReportQueue = Infer<typeof AdminReportQueue>;

/** The admin's queue page: its texts. */
export const REPORT_QUEUE_TEXTS = {
  nav: 'Reports',
  title: 'Reported listings',
  subtitle:
    'Listings visitors reported, most reports first. Each open report comes from another visitor.',
  empty: 'No reported listings.',
  threshold: 'Reports that hide a listing until it is reviewed',
  thresholdHelp: `When this many visitors have reported a listing, it leaves the board until an admin decides. Lowering it takes the listings that already have that many off at once. 0 turns this off. Default ${REPORT_LIMITS.defaultThreshold}.`,
  saveThreshold: 'Save',
  thresholdSaved: 'Threshold saved',
  openReports: (n: number) => `${n} open report${n === 1 ? '' : 's'}`,
  states: {
    live: 'On the board',
    hidden: 'Hidden pending review',
    off: 'Off the board',
  } satisfies Record<ReportedListingState, string>,
  hiddenSince: (when: string, by: string) =>
    `Hidden since ${when} ${by === 'system' ? 'by its reports' : `by ${by.replace(/^admin:/, '')}`}`,
  noNote: 'No note.',
  noEmail: 'No e-mail address given.',
  reportedOn: (when: string) => `Reported ${when}`,
  /** A live listing's reports (or an ended one's): dismissed, the listing as it is. */
  dismiss: 'Dismiss: keep it on the board',
  dismissOff: 'Dismiss the reports',
  hide: 'Take it off the board',
  /** A listing its reports hid, with reports still open: the admin confirms. */
  keepOff: 'Keep it off the board',
  restore: 'Restore to the board',
  reasons: 'Reports by reason',
  reports: 'Reports, newest first',
  email: (address: string) => `E-mail: ${address}`,
  viewJob: 'View job',
  loadFailed: 'The reports could not be loaded.',
} as const;
