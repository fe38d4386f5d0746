import {
  array,
  boolean,
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
import { EMAIL_SCHEMA } from './email-key';
import { CheckInState } from './check-ins';
import { MAX_PAGE } from './choices';
import { JobStats } from './job-stats';
import { ApplyLinkCheck } from './link-checks';
import { ProposalState } from './proposals';
import { queryInteger } from './search';
import { isContactEmail } from './submission';
import { HUMAN_PROOF_BODY } from './human-proof';
import { ReceiptBuyer, ReceiptSeller, UnpaidInvoice } from './billing';

/**
 * The employers' own page (issue 30): no accounts. An employer asks for a sign-in link at
 * `/employer`, opens it, and sees every submission and job of their address: status, timeline,
 * pay link, receipt; edits a submission before approval; marks a job filled or closed.
 */

export const EMPLOYER_LIMITS = {
  /** How long a sign-in link works. */
  linkMinutes: 30,
  /** Listings per page of `GET /api/employer/listings`. */
  pageSize: 20,
  /** The token of a sign-in link: 32 random bytes, base64url. */
  tokenLength: 43,
} as const;

/** The form of a sign-in link's token (anything else names no link). */
export const EMPLOYER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Every text the employer's pages and the API's answers to them show. */
export const EMPLOYER_MESSAGES = {
  email: 'Please enter a valid email address',
  /** The one answer to a sign-in request, whether or not the address has listings. */
  linkRequested: (email: string) =>
    `If ${email} has listings on the board, a sign-in link is on its way. It works once, for ${EMPLOYER_LIMITS.linkMinutes} minutes.`,
  tooManyForAddress: (minutes: number) =>
    `Several sign-in links were sent to this address just now. Please use the newest, or ask again in ${minutes} minutes.`,
  linkInvalid:
    'This sign-in link does not work: it may have been used already or have expired. Ask for a new one below.',
  linkExpired:
    'This sign-in link has expired (links work for 30 minutes). Ask for a new one below.',
  linkUsed:
    'This sign-in link has been used already: each link works once. Ask for a new one below.',
  signedOut: 'You have been signed out.',
  notSignedIn: 'Please sign in with the link we e-mail you to see your listings.',
  sessionExpired: 'Your session has expired. Please ask for a new sign-in link.',
  listingNotFound: 'Listing not found',
  receiptNotFound: 'Receipt not found',
  editAfterApproval:
    'This submission has been approved already, so it can no longer be edited here. Please write to us to change it.',
  editRejected: 'This submission was not approved, so it can no longer be edited.',
  edited: 'Your changes are saved. The submission is back in the review queue.',
  contactEmailFixed:
    'The contact e-mail stays the address you signed in with. To move a listing to another address, please write to us.',
  nothingToPay: 'No payment is due for this listing.',
  noCreditsLeft: 'This address has no Multiples Listing credits left.',
  creditOnlyInReview:
    'A credit can be chosen while the listing is in review. Once approved, please pay with the link we sent.',
  creditRequested:
    'We will publish this listing with one of your Multiples credits once it is approved.',
  alreadyClosed: 'This job is already off the board.',
  notLive: 'Only a job that is on the board can be marked filled or closed.',
  closed: (reason: EmployerCloseReason) =>
    reason === 'filled'
      ? 'The job is marked filled and is off the board.'
      : 'The job is closed and is off the board.',
} as const;

/** `POST /api/employer/sign-in-link`. */
export const EmployerLinkRequest = object({
  email: described<string>(
    'email',
    EMAIL_SCHEMA,
    (value) => isContactEmail(value) || EMPLOYER_MESSAGES.email,
  ),
  /** The spam check (issue 45): the solved challenge and the honeypot. */
  ...HUMAN_PROOF_BODY,
});
export type EmployerLinkRequest = Infer<typeof EmployerLinkRequest>;

/** `POST /api/employer/session`: the token of the link (the sign-in page POSTs it). */
export const EmployerSignIn = object({ token: string() });
export type EmployerSignIn = Infer<typeof EmployerSignIn>;

/** Who is signed in: the normalised address (trimmed, lower case). */
export const EmployerSession = object({ email: string() });
export type EmployerSession = Infer<typeof EmployerSession>;

/**
 * Where a listing stands, as the employer's page says it:
 * - in_review: submitted, waiting for the review; edited: the same, after the employer's edit;
 * - awaiting_payment: approved, its pay link due;
 * - live: on the board (`endsAt` when it ends: 'ending' when within 7 days);
 * - ended: its term or its application deadline has passed;
 * - filled / closed: the employer took it off the board; rejected: not approved.
 * - removed: an admin took it off the board.
 */
export const EMPLOYER_STATUSES = [
  'in_review',
  'edited',
  'awaiting_payment',
  'live',
  'ending',
  'ended',
  'filled',
  'closed',
  'removed',
  'rejected',
] as const;
export type EmployerStatus = (typeof EMPLOYER_STATUSES)[number];

export const EMPLOYER_STATUS_LABELS: Record<EmployerStatus, string> = {
  in_review: 'In review',
  edited: 'Edited, in review',
  awaiting_payment: 'Approved, awaiting payment',
  live: 'Live',
  ending: 'Ending soon',
  ended: 'Ended',
  filled: 'Filled',
  closed: 'Closed',
  removed: 'Off the board',
  rejected: 'Not approved',
};

/** Days before its end from which a live listing is 'ending'. */
export const ENDING_SOON_DAYS = 7;

/** The kinds of a listing's timeline, in the order they usually happen. */
export const EMPLOYER_TIMELINE_KINDS = [
  'submitted',
  'edited',
  'approved',
  'rejected',
  'paid',
  'live',
  'closed',
  'ending',
  'ended',
  'renewed',
] as const;
export type EmployerTimelineKind = (typeof EMPLOYER_TIMELINE_KINDS)[number];

export const EMPLOYER_TIMELINE_LABELS: Record<EmployerTimelineKind, string> = {
  submitted: 'Submitted',
  edited: 'Edited by you',
  approved: 'Approved',
  rejected: 'Not approved',
  paid: 'Paid',
  live: 'Live on the board',
  closed: 'Taken off the board',
  ending: 'Ends',
  ended: 'Ended',
  renewed: 'Renewed',
};

export const EmployerTimelineEntry = object({
  kind: enums(EMPLOYER_TIMELINE_KINDS),
  /** ISO 8601. An 'ending' entry is in the future. */
  at: string(),
  detail: nullable(string()),
});
export type EmployerTimelineEntry = Infer<typeof EmployerTimelineEntry>;

export const EMPLOYER_CLOSE_REASONS = ['filled', 'closed'] as const;
export type EmployerCloseReason = (typeof EMPLOYER_CLOSE_REASONS)[number];

/** One submission (and its job once published) of the signed-in address. */
/** One paid renewal of a listing. */
export const EmployerRenewal = object({
  id: string(),
  /** ISO 8601. */
  paidAt: string(),
  /** The end it bought (ISO 8601). */
  endsAt: nullable(string()),
});
export type EmployerRenewal = Infer<typeof EmployerRenewal>;

export const EmployerListing = object({
  submissionId: string(),
  jobId: nullable(string()),
  title: string(),
  organization: string(),
  /** The pay as the board shows it ('$25 - $30 an hour': docs/product.md#pay); absent: none. */
  salary: optional(string()),
  tierName: string(),
  amountCents: integer(),
  status: enums(EMPLOYER_STATUSES),
  submittedAt: string(),
  /** When the listing leaves the board (ISO 8601), while live or once ended; null: no end. */
  endsAt: nullable(string()),
  /** Oldest first. */
  timeline: array(EmployerTimelineEntry),
  /** A pay link is due: the page's 'Pay now' asks for one (`POST .../pay-link`). */
  paymentDue: boolean(),
  /** The receipt's id once paid (`/employer/receipts/:id`). */
  receiptId: nullable(string()),
  canEdit: boolean(),
  canClose: boolean(),
  /**
   * The listing may be renewed now (RENEWAL_WINDOW: from 7 days before its end to 30 after): the
   * page's 'Renew' asks for a renewal link (`POST /api/employer/jobs/:id/renewal`).
   */
  canRenew: optional(boolean()),
  /** Each paid renewal, oldest first: its receipt is `/employer/renewal-receipts/:id`. */
  renewals: optional(array(EmployerRenewal)),
  /**
   * Views and apply clicks of the job, the last JOB_STATS_DAYS days (and its applications, each
   * day, when it has an inbox); null before it is live.
   */
  stats: optional(nullable(JobStats)),
  /**
   * Its applications on the board, all of them (issue 42): present when its job takes them there
   * or has some (`/employer/jobs/:jobId/applications` is its inbox); absent otherwise.
   */
  applications: optional(min(integer(), 0)),
  /** A live job: the page offers 'Propose changes' (`/api/employer/jobs/:id/proposal`). */
  canPropose: boolean(),
  /** The job's latest proposal of changes (pending, or the last decided one); null: none. */
  proposal: nullable(ProposalState),
  /**
   * The employer asked to publish it with one of their Multiples credits
   * (`POST /api/employer/submissions/:id/use-credit`): the admin's approval spends it. Only this
   * request, from the signed-in address, lets a credit be spent (issue 43, finding 14).
   */
  creditRequested: optional(boolean()),
  /** In review, not yet asked, and the address has credits left: the page offers 'Use a credit'. */
  canUseCredit: optional(boolean()),
  /**
   * The newsletter issues its job appeared in (issue 44): when each draft was made in Ghost (ISO),
   * oldest first. Absent (or empty) when none; the page says 'In the newsletter of {date}'.
   */
  newsletterIssues: optional(array(string())),
  /**
   * Its job's latest "Still hiring?" check-in (issue 45) and the answer, if any: the page says
   * what was answered and when. Absent or null: none was sent.
   */
  checkIn: optional(nullable(CheckInState)),
  /**
   * Its job's application link was found dead twice in a row (issue 45): the last check, while the
   * listing is flagged. Absent otherwise; the page says so (APPLY_LINK_TEXT.employerFlag).
   */
  applyLinkCheck: optional(ApplyLinkCheck),
  /**
   * Live on an invoice not yet paid (issue 47, "publish on approval"): when it is due and its
   * page; the listing says BILLING_MESSAGES.liveOnUnpaidInvoice, not 'Paid'. Absent otherwise.
   */
  unpaidInvoice: optional(UnpaidInvoice),
});
export type EmployerListing = Infer<typeof EmployerListing>;

/** `POST /api/employer/jobs/:id/renewal`: a renewal link of the job (its page, then Checkout). */
export const EmployerRenewalLink = object({ url: string() });
export type EmployerRenewalLink = Infer<typeof EmployerRenewalLink>;

/** `GET /api/employer/listings?page=`: newest first, EMPLOYER_LIMITS.pageSize a page. */
export const EmployerListings = object({
  email: string(),
  /** The address's Multiples Listing credits left (absent from an API older than the field). */
  creditsLeft: optional(min(integer(), 0)),
  listings: array(EmployerListing),
  page: integer(),
  pageSize: integer(),
  total: integer(),
});
export type EmployerListings = Infer<typeof EmployerListings>;

export const EmployerListingsQuery = object({ page: queryInteger(1, MAX_PAGE, 1) });
export type EmployerListingsQuery = Infer<typeof EmployerListingsQuery>;

/** `POST /api/employer/submissions/:id/pay-link`: a fresh pay link for an approved listing. */
export const EmployerPayLink = object({ url: string() });
export type EmployerPayLink = Infer<typeof EmployerPayLink>;

/** `POST /api/employer/jobs/:id/close`. */
export const EmployerClose = object({ reason: enums(EMPLOYER_CLOSE_REASONS) });
export type EmployerClose = Infer<typeof EmployerClose>;

/** The printable receipt of one payment (`GET /api/employer/receipts/:id`). */
export const EmployerReceipt = object({
  id: string(),
  boardName: string(),
  title: string(),
  organization: string(),
  tierName: string(),
  /** The tier's list price and what was paid, in cents; the difference is the discount. */
  listPriceCents: integer(),
  amountCents: integer(),
  currency: string(),
  promoCode: nullable(string()),
  discountCents: integer(),
  paidAt: string(),
  /** 'stripe', 'manual' (marked paid by the board) or 'credit' (a Multiples credit). */
  provider: string(),
  /** The Stripe Checkout Session id; null when not paid through Stripe. */
  reference: nullable(string()),
  billedTo: string(),
  /** The publication selling (its legal name, address, EIN) and the organization billed (issue 47). */
  seller: optional(ReceiptSeller),
  buyer: optional(nullable(ReceiptBuyer)),
});
export type EmployerReceipt = Infer<typeof EmployerReceipt>;
