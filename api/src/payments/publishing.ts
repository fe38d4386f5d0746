import { listingTier } from '@jobboard/contract';
import type { Knex } from 'knex';
import { addDays, isoDate } from '../jobs/dates';
import type { JobsRepository } from '../jobs/jobs-repository';
import { enqueueEmail } from '../mail/outbox';
import { jobLiveEmail } from '../mail/payment-emails';
import { countPromoAtPayment } from './promo-redemption';
import { loadSubmission, type SubmissionRow } from '../submissions/submission-row';

export interface Payment {
  provider: 'stripe' | 'manual' | 'credit';
  /** Who recorded it, for the submission's history: 'stripe', 'admin:<name>'. */
  actor: string;
  adminId?: number | null;
  checkoutSessionId?: string | null;
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

export interface PublishContext {
  jobs: JobsRepository;
  publicUrl: string;
  boardName: string;
  now: Date;
}

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
  const { now } = context;
  const submission = await loadSubmission(trx, submissionId, true);
  if (!submission) return { outcome: 'not-found' };
  if (submission.status === 'paid') return { outcome: 'already-paid', jobId: submission.job_id };
  if (submission.status !== 'approved')
    return { outcome: 'not-payable', status: submission.status };

  const tier = listingTier(submission.listing_type);
  const expiresAt = tier.durationDays === null ? null : addDays(now, tier.durationDays);
  const jobId = await context.jobs.create(jobFromSubmission(submission, now, expiresAt), now, trx);

  await trx('submissions')
    .where({ id: submission.id })
    .update({
      status: 'paid',
      paid_at: now.getTime(),
      job_id: jobId,
      status_changed_at: now.getTime(),
      status_changed_by: payment.adminId ?? null,
      updated_at: now.getTime(),
    });
  await trx('submission_events').insert({
    submission_id: submission.id,
    from_status: submission.status,
    to_status: 'paid',
    admin_id: payment.adminId ?? null,
    actor: payment.actor,
    note: payment.note ?? null,
    created_at: now.getTime(),
  });
  await recordPayment(trx, submission, payment, now);
  // A listing published with a credit was not paid for: it spends no promo code, and it gives
  // no further credits (a Multiples submission published with a credit would otherwise refill
  // the buyer's credits for ever).
  const paidFor = payment.provider !== 'credit';
  // Normally counted when the checkout started (promo-redemption.ts).
  if (paidFor) await countPromoAtPayment(trx, submission);
  if (paidFor && tier.extraListings > 0) {
    await trx('listing_credits').insert({
      contact_email: submission.contact_email.toLowerCase(),
      source_submission_id: submission.id,
      remaining: tier.extraListings,
      created_at: now.getTime(),
    });
  }
  if (payment.sendJobLiveEmail === false) return { outcome: 'published', jobId };
  await enqueueEmail(
    trx,
    jobLiveEmail({
      to: submission.contact_email,
      contactName: submission.contact_name,
      title: submission.title,
      organization: submission.organization,
      jobUrl: `${context.publicUrl}/jobs/${jobId}`,
      expiresOn: expiresAt ? isoDate(expiresAt) : null,
      extraListings: tier.extraListings,
      boardName: context.boardName,
    }),
    now,
  );
  return { outcome: 'published', jobId };
}

async function recordPayment(
  trx: Knex.Transaction,
  submission: SubmissionRow,
  payment: Payment,
  now: Date,
) {
  if (payment.checkoutSessionId) {
    const updated = await trx('payments')
      .where({ checkout_session_id: payment.checkoutSessionId })
      .update({ status: 'paid', paid_at: now.getTime(), amount_cents: payment.amountCents });
    if (updated) return;
  }
  await trx('payments').insert({
    submission_id: submission.id,
    provider: payment.provider,
    checkout_session_id: payment.checkoutSessionId ?? null,
    amount_cents: payment.amountCents,
    currency: 'usd',
    status: 'paid',
    created_at: now.getTime(),
    paid_at: now.getTime(),
  });
}

/** The public job a paid submission becomes. */
export function jobFromSubmission(submission: SubmissionRow, now: Date, expiresAt: Date | null) {
  const categories: unknown = JSON.parse(submission.categories || '[]');
  return {
    title: submission.title,
    organization: submission.organization,
    description: submission.description,
    jobType: submission.job_type,
    remote: /\bremote\b/i.test(submission.location),
    experienceLevel: submission.experience_level,
    salaryMin: submission.salary_min,
    salaryMax: submission.salary_max,
    deadline: submission.deadline,
    postedDate: isoDate(now),
    applicationUrl: submission.application_url,
    via: 'Direct submission',
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
