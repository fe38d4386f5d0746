import type {
  AdminPaymentIssue,
  AdminSubmission,
  IssuedPaymentLink,
  SubmissionStatus,
} from '@jobboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { HttpError, notFound } from '../http/http-error';
import type { JobsRepository } from '../jobs/jobs-repository';
import { enqueueEmail } from '../outbox/outbox';
import {
  FLAGGED_STATUSES,
  markOpenSessionsToExpire,
  unhandledPaymentIssues,
} from '../payments/payment-records';
import { issuePaymentToken, paymentUrl } from '../payments/payment-tokens';
import { markPaidAndPublish } from '../payments/publishing';
import { expireMarkedSessions } from '../payments/session-expiry';
import { loadSubmission, type SubmissionRow } from '../payments/submission-row';
import {
  creditsLeft,
  creditsLeftByAddress,
  spendListingCredit,
} from '../submissions/listing-credits';
import {
  approvalEmail,
  copyableApprovalEmail,
  publishedWithCreditEmail,
  rejectionEmail,
} from './emails';

export interface Reviewer {
  id: number;
  username: string;
}

export interface ReviewContext {
  db: Knex;
  jobs: JobsRepository;
  now: Date;
  publicUrl: string;
  boardName: string;
  /** Expires Checkout Sessions an amount change makes stale; null without Stripe. */
  stripe: Stripe | null;
  log: FastifyBaseLogger;
}

/** The review queue, newest first, with each contact's credits and each unhandled payment issue. */
export async function listSubmissions(db: Knex, boardName: string): Promise<AdminSubmission[]> {
  const rows: SubmissionRow[] = await db('submissions')
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc');
  const credits = await creditsLeftByAddress(db);
  const issues = await unhandledPaymentIssues(db);
  return rows.map((row) =>
    toAdminSubmission(row, boardName, {
      listingCredits: credits.get(row.contact_email.toLowerCase()) ?? 0,
      paymentIssues: issues.get(Number(row.id)) ?? [],
    }),
  );
}

export async function getSubmission(db: Knex | Knex.Transaction, id: number, boardName: string) {
  const row = await loadSubmission(db, id);
  if (!row) throw notFound('Submission not found');
  return toAdminSubmission(row, boardName, {
    listingCredits: await creditsLeft(db, row.contact_email),
    paymentIssues: (await unhandledPaymentIssues(db, id)).get(id) ?? [],
  });
}

/**
 * pending_review -> approved (SPEC.md 4). The employer is e-mailed a payment link, in the same
 * transaction. Only when the admin chooses it (`useCredit`), a contact with listings left on a
 * Multiples Listing pays nothing: the job is published at once and one listing is used up (409,
 * changing nothing, when none is left).
 */
export async function approve(
  id: number,
  options: { useCredit: boolean },
  reviewer: Reviewer,
  context: ReviewContext,
) {
  const { db, now } = context;
  return db.transaction(async (trx) => {
    const submission = await pendingSubmission(trx, id, 'approved');
    await changeStatus(trx, submission, 'approved', reviewer, now, null);
    if (options.useCredit) {
      const credit = await spendListingCredit(trx, submission.contact_email);
      if (!credit) {
        throw new HttpError(
          409,
          `${submission.contact_email} has no Multiples Listing credits left. Approve without a credit to send a pay link.`,
        );
      }
      const published = await markPaidAndPublish(
        trx,
        id,
        {
          provider: 'credit',
          actor: `admin:${reviewer.username}`,
          adminId: reviewer.id,
          amountCents: 0,
          note: 'Included in a Multiples Listing',
          sendJobLiveEmail: false,
        },
        { jobs: context.jobs, publicUrl: context.publicUrl, boardName: context.boardName, now },
      );
      const jobId = published.outcome === 'published' ? published.jobId : null;
      await enqueueEmail(
        trx,
        publishedWithCreditEmail(
          submission,
          `${context.publicUrl}/jobs/${jobId}`,
          credit.left,
          context.boardName,
        ),
        now,
      );
      return {
        submission: await getSubmission(trx, id, context.boardName),
        paymentUrl: null,
        publishedWithCredit: true,
      };
    }
    const { token } = await issuePaymentToken(trx, id, now);
    const url = paymentUrl(context.publicUrl, token);
    await enqueueEmail(trx, approvalEmail(submission, url, context.boardName), now);
    return {
      submission: await getSubmission(trx, id, context.boardName),
      paymentUrl: url,
      publishedWithCredit: false,
    };
  });
}

/** pending_review -> rejected, with an optional reason that the employer is told. */
export async function reject(
  id: number,
  notes: string | null,
  reviewer: Reviewer,
  context: ReviewContext,
) {
  const { db, now } = context;
  return db.transaction(async (trx) => {
    const submission = await pendingSubmission(trx, id, 'rejected');
    const reason = notes?.trim() || null;
    await changeStatus(trx, submission, 'rejected', reviewer, now, reason);
    await trx('submissions').where({ id }).update({ review_notes: reason });
    await enqueueEmail(trx, rejectionEmail(submission, reason, context.boardName), now);
    return getSubmission(trx, id, context.boardName);
  });
}

/**
 * A new amount (cents) for anything not yet paid; recorded in the history. The submission's open
 * Checkout Sessions were made for the old amount: they are marked to expire with the change and
 * Stripe is asked once it has committed. Stripe being down never fails the change: what Stripe
 * could not expire now is retried (session-expiry.ts), and a session paid meanwhile no longer
 * matches the amount owed, so the webhook flags it instead of publishing.
 */
export async function updateAmount(
  id: number,
  amountCents: number,
  reviewer: Reviewer,
  context: ReviewContext,
) {
  const { db, now } = context;
  await db.transaction(async (trx) => {
    const submission = await loadSubmission(trx, id, true);
    if (!submission) throw notFound('Submission not found');
    if (submission.status === 'paid')
      throw new HttpError(409, 'The amount of a paid submission cannot change.');
    await trx('submissions')
      .where({ id })
      .update({ amount_cents: amountCents, updated_at: now.getTime() });
    await trx('submission_events').insert({
      submission_id: id,
      from_status: submission.status,
      to_status: submission.status,
      admin_id: reviewer.id,
      actor: `admin:${reviewer.username}`,
      note: `Amount changed from ${submission.amount_cents} to ${amountCents} cents`,
      created_at: now.getTime(),
    });
    await markOpenSessionsToExpire(trx, id);
  });
  await expireMarkedSessions(context.stripe, db, id, context.log);
  return getSubmission(db, id, context.boardName);
}

/**
 * A new pay link for an approved submission, working for PAYMENT_LINK_TTL_DAYS. Only a hash of a
 * link is kept, so an earlier link cannot be shown again: this one replaces it (the e-mailed
 * link stops working), which is also how an admin renews an expired or leaked link.
 */
export async function paymentLinkFor(
  id: number,
  reviewer: Reviewer,
  context: ReviewContext,
): Promise<IssuedPaymentLink> {
  return context.db.transaction(async (trx) => {
    const submission = await loadSubmission(trx, id, true);
    if (!submission) throw notFound('Submission not found');
    if (submission.status !== 'approved') {
      throw new HttpError(409, 'A payment link can only be generated for an approved submission.');
    }
    const { token, expiresAt } = await issuePaymentToken(trx, id, context.now);
    const url = paymentUrl(context.publicUrl, token);
    await trx('submission_events').insert({
      submission_id: id,
      from_status: submission.status,
      to_status: submission.status,
      admin_id: reviewer.id,
      actor: `admin:${reviewer.username}`,
      note: 'New payment link issued; earlier links no longer work',
      created_at: context.now.getTime(),
    });
    return {
      paymentUrl: url,
      expiresAt: expiresAt.toISOString(),
      approvalEmail: copyableApprovalEmail(submission, url, context.boardName),
    };
  });
}

/**
 * An admin has dealt with a flagged payment (refunded it in Stripe, or accepted it): it leaves
 * the review queue's warnings, with who and when recorded on it and in the submission's history.
 */
export async function resolvePaymentIssue(
  submissionId: number,
  paymentId: number,
  reviewer: Reviewer,
  context: ReviewContext,
): Promise<AdminSubmission> {
  const { now } = context;
  return context.db.transaction(async (trx) => {
    const submission = await loadSubmission(trx, submissionId, true);
    if (!submission) throw notFound('Submission not found');
    const payment = await trx('payments')
      .where({ id: paymentId, submission_id: submissionId })
      .whereIn('status', FLAGGED_STATUSES)
      .first();
    if (!payment) throw notFound('No flagged payment with this id on this submission');
    if (payment.resolved_at == null) {
      const actor = `admin:${reviewer.username}`;
      await trx('payments')
        .where({ id: paymentId })
        .update({ resolved_at: now.getTime(), resolved_by: actor });
      await trx('submission_events').insert({
        submission_id: submissionId,
        from_status: submission.status,
        to_status: submission.status,
        admin_id: reviewer.id,
        actor,
        note: `Flagged payment ${payment.checkout_session_id ?? paymentId} marked as handled`,
        created_at: now.getTime(),
      });
    }
    return getSubmission(trx, submissionId, context.boardName);
  });
}

/** Without Stripe, an admin records a payment received another way. */
export async function markPaidByHand(id: number, reviewer: Reviewer, context: ReviewContext) {
  return context.db.transaction(async (trx) => {
    const submission = await loadSubmission(trx, id, true);
    if (!submission) throw notFound('Submission not found');
    const result = await markPaidAndPublish(
      trx,
      id,
      {
        provider: 'manual',
        actor: `admin:${reviewer.username}`,
        adminId: reviewer.id,
        amountCents: submission.amount_cents,
        note: 'Marked as paid by hand',
      },
      {
        jobs: context.jobs,
        publicUrl: context.publicUrl,
        boardName: context.boardName,
        now: context.now,
      },
    );
    if (result.outcome === 'not-payable') {
      throw new HttpError(409, 'Only an approved submission can be marked as paid.');
    }
    if (result.outcome === 'already-paid')
      throw new HttpError(409, 'This submission is already paid.');
    return getSubmission(trx, id, context.boardName);
  });
}

async function pendingSubmission(
  trx: Knex.Transaction,
  id: number,
  to: SubmissionStatus,
): Promise<SubmissionRow> {
  const submission = await loadSubmission(trx, id, true);
  if (!submission) throw notFound('Submission not found');
  if (submission.status !== 'pending_review') {
    throw new HttpError(
      409,
      `Only a submission pending review can be ${to}; this one is ${submission.status}.`,
    );
  }
  return submission;
}

async function changeStatus(
  trx: Knex.Transaction,
  submission: SubmissionRow,
  to: SubmissionStatus,
  reviewer: Reviewer,
  now: Date,
  note: string | null,
) {
  await trx('submissions').where({ id: submission.id }).update({
    status: to,
    status_changed_at: now.getTime(),
    status_changed_by: reviewer.id,
    updated_at: now.getTime(),
  });
  await trx('submission_events').insert({
    submission_id: submission.id,
    from_status: submission.status,
    to_status: to,
    admin_id: reviewer.id,
    actor: `admin:${reviewer.username}`,
    note,
    created_at: now.getTime(),
  });
}

function toAdminSubmission(
  row: SubmissionRow & { review_notes?: string | null; submitted_at?: number },
  boardName: string,
  extra: { listingCredits: number; paymentIssues: AdminPaymentIssue[] },
): AdminSubmission {
  const categories: unknown = JSON.parse(String(row.categories ?? '[]'));
  const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());
  return {
    id: String(row.id),
    title: String(row.title),
    organization: String(row.organization),
    location: String(row.location),
    category: Array.isArray(categories) ? categories.map(String) : [],
    jobType: String(row.job_type),
    experienceLevel: String(row.experience_level),
    salaryMin: row.salary_min == null ? null : Number(row.salary_min),
    salaryMax: row.salary_max == null ? null : Number(row.salary_max),
    contactName: String(row.contact_name),
    contactEmail: String(row.contact_email),
    promoCode: row.promo_code == null ? null : String(row.promo_code),
    submittedAt: iso(row.submitted_at)!,
    description: String(row.description),
    applicationUrl: String(row.application_url),
    deadline: row.deadline == null ? null : String(row.deadline),
    listingType: row.listing_type === 'featured' ? 'featured' : 'basic',
    amount: Number(row.amount_cents),
    submissionStatus: String(row.status) as SubmissionStatus,
    reviewNotes: row.review_notes == null ? null : String(row.review_notes),
    jobId: row.job_id == null ? null : String(row.job_id),
    paidAt: iso(row.paid_at),
    paymentLinkExpiresAt: iso(row.payment_token_expires_at),
    listingCredits: extra.listingCredits,
    promoRedemption: row.promo_redemption ?? null,
    paymentIssues: extra.paymentIssues,
    approvalEmail:
      row.status === 'pending_review' ? copyableApprovalEmail(row, null, boardName) : null,
  };
}
