/** The review queue as the admin sees it and acts on it (api/src/submissions/, its admin routes). */
import {
  array,
  boolean,
  enums,
  integer,
  min,
  nullable,
  number,
  object,
  optional,
  string,
  type Infer,
} from 'superstruct';
import { SubmittingApiKey } from '../api-keys';
import { UnpaidInvoice } from '../billing';
import { described } from '../json-schema';
import { APPLY_METHODS, ScreeningQuestion } from '../applications';
import { MAX_INT4 } from '../job';
import { JobPay } from '../pay';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '../submission';
import { FraudHint } from './fraud-hints';
import { cents } from './form-rules';
import { ADMIN_LIMITS } from './messages';
import { WORKPLACE_TYPES } from '../workplace';

/** `PUT /api/admin/submissions/{id}/amount`: cents, a whole number above zero (at most $999,999.99). */
export const AmountUpdate = object({ amount: cents });

// ---- company details under review (issue 25) -----------------------------------------------

/**
 * The details of a company that a submission may give and the review compares with the board's:
 * companies are shared by every job naming them, so a submission changes them only when an admin
 * approves it with the change in view.
 */
export const COMPANY_FIELDS = ['websiteUrl', 'logo', 'description'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** How the review card and the timelines name each detail. */
export const COMPANY_FIELD_LABELS: Record<CompanyField, string> = {
  websiteUrl: 'Website',
  logo: 'Logo',
  description: 'Description',
};

/** One detail where the submission gives a value the board's company does not have. */
export const CompanyDifference = object({
  field: enums(COMPANY_FIELDS),
  /** What the board has now ('' when it has none). */
  onBoard: string(),
  /** What the submission gives. */
  submitted: string(),
});
export type CompanyDifference = Infer<typeof CompanyDifference>;

/** A submission's company as the review card shows it. */
export const SubmissionCompany = object({
  /** Whether a company of this name is on the board already (shared with its jobs). */
  onBoard: boolean(),
  /** What the submission gives for each detail; null: nothing. */
  submitted: object({
    websiteUrl: nullable(string()),
    logo: nullable(string()),
    description: nullable(string()),
  }),
  /**
   * For a company on the board: each detail the submission gives that differs from the board's.
   * Approving with a detail ticked (`updateCompany`) sets it; publishing never does.
   */
  differences: array(CompanyDifference),
});
export type SubmissionCompany = Infer<typeof SubmissionCompany>;

/**
 * `POST /api/admin/submissions/{id}/approve`: `useCredit: true` publishes the job at once with one
 * of the contact's Multiples Listing credits (409 when none is left). Without it the contact is
 * e-mailed a pay link, whoever the contact claims to be: anyone can type a buyer's address into
 * the public form, so only an admin's explicit choice spends a credit.
 *
 * `updateCompany` names the details of the company on the board that take the submission's
 * values (the review card's ticked boxes; none by default): a company's details are shared by all
 * its jobs, so a submission changes them only so.
 *
 * `editedAt` names the version of the submission the admin approves: the card's `editedAt` (null
 * when the employer never edited it). When the employer edited it since (an edit before approval),
 * the approval is refused with 409 (`ADMIN_MESSAGES.editedDuringReview`) and nothing changes, so an
 * edit is never published unseen. A client that names no version (older than this field) approves
 * whatever is current.
 */
export const ApproveSubmission = object({
  useCredit: optional(boolean()),
  editedAt: optional(nullable(string())),
  updateCompany: optional(
    described<CompanyField[]>(
      'updateCompany',
      { type: 'array', items: { enum: COMPANY_FIELDS }, maxItems: COMPANY_FIELDS.length },
      (value) =>
        (Array.isArray(value) &&
          value.length <= COMPANY_FIELDS.length &&
          value.every((field) => (COMPANY_FIELDS as readonly unknown[]).includes(field))) ||
        `Please name the company details to update, from: ${COMPANY_FIELDS.join(', ')}`,
    ),
  ),
});
export type ApproveSubmission = Infer<typeof ApproveSubmission>;

/** `POST /api/admin/submissions/{id}/reject`: an optional reason, told to the employer. */
export const RejectSubmission = object({
  notes: optional(
    nullable(
      described<string>(
        'notes',
        { type: 'string', maxLength: ADMIN_LIMITS.rejectNotes },
        (v) =>
          (typeof v === 'string' && v.length <= ADMIN_LIMITS.rejectNotes) ||
          `Please keep the reason under ${ADMIN_LIMITS.rejectNotes} characters`,
      ),
    ),
  ),
});

/**
 * A payment that needs an admin: `needs_refund` when the listing was already paid (a second
 * payment), `needs_review` for any other payment that did not publish it (see `reason`). Of the
 * listing's first payment (`kind` 'payment', id '12') or of a renewal of it (`kind` 'renewal',
 * id 'R12': money taken that did not renew the listing).
 */
export const AdminPaymentIssue = object({
  id: string(),
  /** Absent from an API older than renewals' issues: a first payment's. */
  kind: optional(enums(['payment', 'renewal'])),
  status: enums(['needs_review', 'needs_refund']),
  amountCents: integer(),
  currency: string(),
  checkoutSessionId: nullable(string()),
  reason: string(),
  paidAt: nullable(string()),
});
export type AdminPaymentIssue = Infer<typeof AdminPaymentIssue>;

/** A payment issue's id in a URL: a first payment's ('12') or a renewal's ('R12'). */
export const PAYMENT_ISSUE_ID_PATTERN = /^(R?)([1-9][0-9]{0,9})$/;

/** The payment issue an id names, or null for any other text (or a number past int4). */
export function parsePaymentIssueId(
  text: string,
): { kind: 'payment' | 'renewal'; id: number } | null {
  const match = PAYMENT_ISSUE_ID_PATTERN.exec(text);
  if (!match || Number(match[2]) > MAX_INT4) return null;
  return { kind: match[1] ? 'renewal' : 'payment', id: Number(match[2]) };
}

/** The payment issue id struct of a URL (parsePaymentIssueId). */
export const PaymentIssueId = described<string>(
  'paymentIssueId',
  { type: 'string', pattern: PAYMENT_ISSUE_ID_PATTERN.source },
  (value) =>
    (typeof value === 'string' && parsePaymentIssueId(value) !== null) || 'Not a payment issue id',
);

const SUBMISSION_STATUSES = Object.keys(SUBMISSION_STATUS_LABELS) as SubmissionStatus[];

/** A submission as the review screen shows it (docs/product.md#entities). Amounts are cents. */
export const AdminSubmission = object({
  id: string(),
  title: string(),
  organization: string(),
  location: string(),
  /**
   * Where the job is done (issue 47; absent from an API before contract 1.5) and the places it may
   * be done from ('' for none), as the job will be published.
   */
  workplaceType: optional(enums(WORKPLACE_TYPES)),
  remotePlaces: optional(string()),
  category: array(string()),
  jobType: string(),
  experienceLevel: string(),
  /** @deprecated since contract 1.3: read `pay` (yearly figures only, as Job.salaryMin). */
  salaryMin: nullable(number()),
  /** @deprecated since contract 1.3: read `pay`. */
  salaryMax: nullable(number()),
  /** The pay the employer gave (docs/product.md#pay). */
  pay: optional(JobPay),
  contactName: string(),
  contactEmail: string(),
  promoCode: nullable(string()),
  submittedAt: string(),
  description: string(),
  applicationUrl: string(),
  /**
   * How candidates apply (docs/product.md#applying): the method, the relayed address (an admin
   * may see it), the employer's words and questions. Absent from an API before issue 42.
   */
  applyMethod: optional(enums(APPLY_METHODS)),
  applicationEmail: optional(nullable(string())),
  howToApply: optional(nullable(string())),
  screeningQuestions: optional(array(ScreeningQuestion)),
  deadline: nullable(string()),
  listingType: enums(['basic', 'featured']),
  amount: integer(),
  submissionStatus: enums(SUBMISSION_STATUSES),
  reviewNotes: nullable(string()),
  jobId: nullable(string()),
  paidAt: nullable(string()),
  /**
   * When the employer last edited it from their page before approval (ISO 8601; issue 30): the
   * queue and the submission view say 'Edited by the employer on <date>'. Absent or null: never.
   */
  editedAt: optional(nullable(string())),
  /**
   * When the newest pay link not revoked stops working (ISO 8601, possibly past); null before
   * approval and once every link was revoked.
   */
  paymentLinkExpiresAt: nullable(string()),
  /** Pay links that work now (neither expired nor revoked): each one pays the listing. */
  livePaymentLinks: min(integer(), 0),
  /** Multiples Listing credits left for the contact's e-mail address (any letter case). */
  listingCredits: integer(),
  /**
   * The employer, signed in with the contact address, asked to publish it with one of those
   * credits: only then may the approval spend one (`useCredit`; 409 otherwise). Absent: not asked.
   */
  creditRequested: optional(boolean()),
  /** 'used_up': the promo code ran out before this listing was paid; its discount was removed. */
  promoRedemption: nullable(enums(['redeemed', 'used_up'])),
  /**
   * The API key an integrator submitted it with (issue 46): its name and visible start; null for
   * the form's submissions. Absent from an API before contract 1.5.
   */
  apiKey: optional(nullable(SubmittingApiKey)),
  /** Payments Stripe took that did not publish this listing and that an admin has not handled. */
  paymentIssues: array(AdminPaymentIssue),
  /** The company's details as given, beside what the board has for a company of that name. */
  company: SubmissionCompany,
  /**
   * The approval e-mail an admin may copy and send by hand while the submission waits for review
   * (the API's own text, its link '[payment link]'); null in any other state. For an approved
   * submission a new link comes with its own copy (IssuedPaymentLink).
   */
  approvalEmail: nullable(string()),
  /**
   * What the board noticed about this submission for a closer look, each with its reason
   * (fraud-hints.ts, docs/product.md#fraud-hints); none refuses anything. Worked out as the card
   * is read (one submission, a page of the queue, the answer to an action on it); absent from the
   * whole queue's answer (`GET /api/admin/submissions`) and from an API before issue 45.
   */
  fraudHints: optional(array(FraudHint)),
  /**
   * Live on an invoice not yet paid (issue 47, "publish on approval"): its status is 'paid' (it is
   * live) but nothing was paid; the card says BILLING_MESSAGES.liveOnUnpaidInvoice and offers to
   * record a check or transfer. Absent or null otherwise, and from an API before it.
   */
  unpaidInvoice: optional(nullable(UnpaidInvoice)),
});
export type AdminSubmission = Infer<typeof AdminSubmission>;
export const AdminSubmissionList = array(AdminSubmission);

/**
 * `POST /api/admin/submissions/{id}/approve`: the submission as it is now, and how it was
 * approved: a pay link e-mailed (`paymentUrl`), or published with a credit.
 */
export const ApprovedSubmission = object({
  submission: AdminSubmission,
  paymentUrl: nullable(string()),
  publishedWithCredit: boolean(),
});
export type ApprovedSubmission = Infer<typeof ApprovedSubmission>;

/** `GET /api/admin/submissions/payments`: whether payments go through Stripe or by hand. */
export const PaymentsMode = object({ stripeConfigured: boolean() });

/**
 * `POST /api/admin/submissions/{id}/payment-link`: a new link. The earlier links keep working
 * until they expire, the listing is paid or an admin revokes them: `earlierLinksValid` says how
 * many of them work now.
 */
export const IssuedPaymentLink = object({
  paymentUrl: string(),
  expiresAt: string(),
  earlierLinksValid: min(integer(), 0),
  /** The approval e-mail with this link, for an admin who sends it by hand. */
  approvalEmail: string(),
});
export type IssuedPaymentLink = Infer<typeof IssuedPaymentLink>;

/**
 * `POST /api/admin/submissions/{id}/revoke-payment-links`: every pay link of the listing stops
 * working (the employer's e-mailed one too); `revoked` says how many still worked.
 */
export const RevokedPaymentLinks = object({
  revoked: min(integer(), 0),
  submission: AdminSubmission,
});
export type RevokedPaymentLinks = Infer<typeof RevokedPaymentLinks>;
