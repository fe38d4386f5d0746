import type {
  AdminPaymentIssue,
  AdminSubmission,
  FraudHint,
  SubmittingApiKey,
} from '@jobboard/contract/admin';
import { parseQuestions } from '@jobboard/contract/applications';
import { jobPayOf, workplaceFromFlag, yearlyFigures } from '@jobboard/contract/jobs';
import type { UnpaidInvoice } from '@jobboard/contract/payments';
import type { SubmissionStatus } from '@jobboard/contract/submissions';
import { type StoredCompany, payOfRow } from '../../jobs';
import { copyableApprovalEmail, type EmailSite } from '../../mail';
import type { PaymentLinkState } from '../../payments';
import type { ReviewRow } from '../submission-row';
import { companyReview } from './company-review';

/** A submission that has no pay link (not approved yet, or published with a credit). */
export const NO_LINKS: PaymentLinkState = { live: 0, newestExpiresAt: null };

/** What the review card shows beside the submission's own row. */
export interface ReviewExtras {
  listingCredits: number;
  paymentIssues: AdminPaymentIssue[];
  links: PaymentLinkState;
  /** The company of that name on the board, if there is one. */
  company: StoredCompany | undefined;
  /** Its fraud hints (fraud-hints.ts); absent where they are not worked out (the whole queue). */
  fraudHints?: FraudHint[];
  /** The integrator's API key it came with (issue 46); null for the form's. */
  apiKey: SubmittingApiKey | null;
  /** Live on an invoice not yet paid (payments' unpaidInvoices, issue 47); null otherwise. */
  unpaidInvoice?: UnpaidInvoice | null;
}

const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());

/**
 * The version of a submission the review card shows (`editedAt`): when the employer last edited
 * it, null when never. Approving names it, so an edit made after the card was read is not
 * published unseen (ReviewService.approve).
 */
export const editedAtOf = (row: Pick<ReviewRow, 'edited_at'>) => iso(row.edited_at ?? null);

/** A submission as the review queue shows it. */
export function toAdminSubmission(
  row: ReviewRow,
  site: EmailSite,
  extra: ReviewExtras,
): AdminSubmission {
  const categories: unknown = JSON.parse(String(row.categories ?? '[]'));
  const pay = payOfRow(row);
  const payAnswer = jobPayOf(pay);
  return {
    id: String(row.id),
    title: String(row.title),
    organization: String(row.organization),
    location: String(row.location),
    workplaceType: row.workplace_type ?? workplaceFromFlag({ locations: [String(row.location)] }),
    remotePlaces: row.remote_places ?? '',
    category: Array.isArray(categories) ? categories.map(String) : [],
    jobType: String(row.job_type),
    experienceLevel: String(row.experience_level),
    ...yearlyFigures(pay),
    ...(payAnswer ? { pay: payAnswer } : {}),
    contactName: String(row.contact_name),
    contactEmail: String(row.contact_email),
    promoCode: row.promo_code == null ? null : String(row.promo_code),
    submittedAt: iso(row.submitted_at)!,
    description: String(row.description),
    applicationUrl: String(row.application_url),
    // How candidates apply; the relayed address is for the admins (this answer is theirs alone).
    applyMethod: row.apply_method ?? 'link',
    applicationEmail: row.application_email ?? null,
    howToApply: row.how_to_apply ?? null,
    screeningQuestions: parseQuestions(row.screening_questions),
    deadline: row.deadline == null ? null : String(row.deadline),
    listingType: row.listing_type === 'featured' ? 'featured' : 'basic',
    amount: Number(row.amount_cents),
    submissionStatus: String(row.status) as SubmissionStatus,
    reviewNotes: row.review_notes == null ? null : String(row.review_notes),
    jobId: row.job_id == null ? null : String(row.job_id),
    editedAt: editedAtOf(row),
    paidAt: iso(row.paid_at),
    paymentLinkExpiresAt: iso(extra.links.newestExpiresAt),
    livePaymentLinks: extra.links.live,
    listingCredits: extra.listingCredits,
    creditRequested: row.credit_requested_at != null,
    promoRedemption: row.promo_redemption ?? null,
    paymentIssues: extra.paymentIssues,
    company: companyReview(row, extra.company),
    approvalEmail: row.status === 'pending_review' ? copyableApprovalEmail(row, null, site) : null,
    ...(extra.fraudHints ? { fraudHints: extra.fraudHints } : {}),
    apiKey: extra.apiKey,
    ...(extra.unpaidInvoice ? { unpaidInvoice: extra.unpaidInvoice } : {}),
  };
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The timeline's line of 'Revoke links'. */
export const revokedNote = (live: number, sessions: number) =>
  `Payment links revoked: ${plural(live, 'link')} that still worked (the e-mailed one included) no longer work` +
  (sessions ? `; ${plural(sessions, 'open Stripe checkout')} expired` : '');

/** The timeline's note of a new pay link on the links issued before it. */
export const linksStillValid = (count: number) =>
  count === 0
    ? 'no earlier link was still valid'
    : `${count} earlier link${count === 1 ? ' stays' : 's stay'} valid`;
