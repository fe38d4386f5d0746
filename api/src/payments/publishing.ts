import { addDays, isoDate } from '@jobboard/contract/common';
import { parseQuestions } from '@jobboard/contract/applications';
import { listingTier } from '@jobboard/contract/submissions';
import { workplaceFromFlag } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { payOfRow } from '../jobs';
import { jobLiveEmail } from '../mail';
import type { PaymentsContext } from './payments-service';
import type { SubmissionRow } from '../submissions';
import { countPromoAtPayment } from './promo-redemption';
import type { OfflineReceipt } from './payment-rows';

export interface Payment {
  provider: 'stripe' | 'manual' | 'credit' | 'offline';
  /** Who recorded it, for the submission's history: 'stripe', 'admin:<name>'. */
  actor: string;
  adminId?: number | null;
  checkoutSessionId?: string | null;
  /** The Stripe invoice that pays it (issue 47). */
  invoiceId?: string | null;
  /**
   * Published on approval before its invoice is paid: the invoice's row stays 'invoiced' (the
   * `invoice.paid` webhook makes it 'paid'), and nothing is recorded paid now.
   */
  unpaidInvoice?: boolean;
  /** A check or a transfer an admin recorded (provider 'offline'). */
  offline?: OfflineReceipt | null;
  amountCents: number;
  note?: string | null;
  /** Send the 'payment received, job live' e-mail (a credit sends its own). */
  sendJobLiveEmail?: boolean;
}

export type PublishOutcome =
  | { outcome: 'published'; jobId: number }
  | { outcome: 'already-paid'; jobId: number | null }
  | { outcome: 'not-payable'; status: string }
  | { outcome: 'not-found' };

export type PublishContext = Pick<
  PaymentsContext,
  | 'jobs'
  | 'submissions'
  | 'organizations'
  | 'promoCodes'
  | 'payments'
  | 'outbox'
  | 'publicUrl'
  | 'boardName'
  | 'now'
>;

/**
 * Record the payment of an approved submission and publish its job, all inside the caller's
 * transaction: either everything below happens or nothing does. Paying twice changes nothing.
 *
 * Featured Listing (basic): featured, expires 30 days after payment. Multiples Listing (featured):
 * featured, never expires, and the contact gets further listings that publish on approval.
 */
export async function markPaidAndPublish(
  trx: Knex.Transaction,
  submissionId: number,
  payment: Payment,
  context: PublishContext,
): Promise<PublishOutcome> {
  const { now, submissions } = context;
  const submission = await submissions.load(trx, submissionId, true);
  if (!submission) return { outcome: 'not-found' };
  if (submission.status === 'paid') return { outcome: 'already-paid', jobId: submission.job_id };
  if (submission.status !== 'approved')
    return { outcome: 'not-payable', status: submission.status };

  const tier = listingTier(submission.listing_type);
  const expiresAt = tier.durationDays === null ? null : addDays(now, tier.durationDays);
  const jobId = await context.jobs.publish(
    jobFromSubmission(submission, now, expiresAt),
    { submissionId: Number(submission.id), withCredit: payment.provider === 'credit' },
    { adminId: payment.adminId ?? null, actor: payment.actor },
    now,
    trx,
  );
  await tieOrganization(trx, submission, jobId, payment, context);

  await submissions.update(trx, submission.id, {
    status: 'paid',
    paid_at: now.getTime(),
    job_id: jobId,
    status_changed_at: now.getTime(),
    status_changed_by: payment.adminId ?? null,
    updated_at: now.getTime(),
  });
  await submissions.recordEvent(trx, {
    submissionId: submission.id,
    from: submission.status,
    to: 'paid',
    adminId: payment.adminId ?? null,
    actor: payment.actor,
    note: payment.note ?? null,
    at: now,
  });
  if (!payment.unpaidInvoice) {
    await context.payments.recordPaid(
      trx,
      {
        submissionId: submission.id,
        provider: payment.provider,
        checkoutSessionId: payment.checkoutSessionId,
        invoiceId: payment.invoiceId,
        offline: payment.offline,
        amountCents: payment.amountCents,
      },
      now,
    );
  }
  // A listing published with a credit was not paid for: it spends no promo code, and it gives
  // no further credits (a Multiples submission published with a credit would otherwise refill
  // the buyer's credits for ever).
  const paidFor = payment.provider !== 'credit';
  // Normally counted when the checkout started (promo-redemption.ts).
  if (paidFor) await countPromoAtPayment(context, trx, submission);
  if (paidFor && tier.extraListings > 0) {
    await context.submissions.grantCredits(trx, {
      organizationId: submission.organization_id,
      email: submission.contact_email,
      sourceSubmissionId: submission.id,
      count: tier.extraListings,
      at: now,
    });
  }
  if (payment.sendJobLiveEmail === false) return { outcome: 'published', jobId };
  await context.outbox.enqueue(
    trx,
    {
      ...jobLiveEmail({
        to: submission.contact_email,
        contactName: submission.contact_name,
        title: submission.title,
        organization: submission.organization,
        jobUrl: `${context.publicUrl}/jobs/${jobId}`,
        expiresOn: expiresAt ? isoDate(expiresAt) : null,
        extraListings: tier.extraListings,
        boardName: context.boardName,
      }),
      submissionId: Number(submission.id),
    },
    now,
  );
  return { outcome: 'published', jobId };
}

/**
 * Every way a listing is published passes here (card, invoice, offline payment, credit, admin), so
 * this is where an organisation with no company yet is tied to its published job's company
 * (issue 47, organizations-service.ts tieToCompany), in the same transaction.
 */
async function tieOrganization(
  trx: Knex.Transaction,
  submission: SubmissionRow,
  jobId: number,
  payment: Payment,
  context: PublishContext,
): Promise<void> {
  if (submission.organization_id == null) return;
  const company = await context.jobs.companies.ofJob(jobId, trx);
  if (!company) return;
  await context.organizations.tieToCompany(
    trx,
    Number(submission.organization_id),
    company,
    { actor: payment.actor, jobId },
    context.now,
  );
}

/**
 * Where a submission's job is done (issue 47): as the employer chose, or for a submission of an
 * earlier release, remote when its location says so (as it was published before).
 */
function submissionWorkplace(submission: SubmissionRow) {
  const workplaceType =
    submission.workplace_type ?? workplaceFromFlag({ locations: [submission.location] });
  return {
    workplaceType,
    remotePlaces: submission.remote_places ?? null,
    remote: workplaceType === 'remote',
  };
}

/** The public job a paid submission becomes. */
export function jobFromSubmission(submission: SubmissionRow, now: Date, expiresAt: Date | null) {
  const categories: unknown = JSON.parse(submission.categories || '[]');
  return {
    title: submission.title,
    organization: submission.organization,
    description: submission.description,
    jobType: submission.job_type,
    ...submissionWorkplace(submission),
    experienceLevel: submission.experience_level,
    pay: payOfRow(submission),
    deadline: submission.deadline,
    postedDate: isoDate(now),
    // How candidates apply, as the employer chose (docs/product.md#applying); a submission of an
    // earlier release has no method, and its job takes applications by its link as before.
    applicationUrl: submission.application_url || null,
    applyMethod: submission.apply_method ?? null,
    applicationEmail: submission.application_email ?? null,
    howToApply: submission.how_to_apply ?? null,
    screeningQuestions: parseQuestions(submission.screening_questions),
    via: 'Direct submission',
    // What the form says about the company gives a company new to the board its details. One
    // already there keeps its own: publishing never changes them (companies.ts); the review
    // showed the admin any difference, to take on approval.
    websiteUrl: submission.company_website_url ?? undefined,
    logoUrl: submission.company_logo_url ?? undefined,
    companyDescription: submission.company_description ?? undefined,
    companyBy: {
      kind: 'submission' as const,
      actor: 'employer',
      submissionId: Number(submission.id),
    },
    featured: true,
    active: true,
    expiresAt,
    source: 'submission' as const,
    externalId: String(submission.id),
    locations: [submission.location],
    categories: Array.isArray(categories)
      ? categories.filter((c): c is string => typeof c === 'string')
      : [],
  };
}
