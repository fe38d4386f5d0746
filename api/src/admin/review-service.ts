import type { AdminSubmission, SubmissionStatus } from '@jobboard/contract';
import type { Knex } from 'knex';
import { HttpError, notFound } from '../http/http-error';
import type { JobsRepository } from '../jobs/jobs-repository';
import { enqueueEmail } from '../outbox/outbox';
import { issuePaymentToken, paymentUrl } from '../payments/payment-tokens';
import { markPaidAndPublish } from '../payments/publishing';
import { loadSubmission, type SubmissionRow } from '../payments/submission-row';
import { approvalEmail, publishedWithCreditEmail, rejectionEmail } from './emails';

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
}

/** The review queue, newest first. */
export async function listSubmissions(db: Knex): Promise<AdminSubmission[]> {
  const rows: object[] = await db('submissions')
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc');
  return rows.map(toAdminSubmission);
}

export async function getSubmission(db: Knex, id: number): Promise<AdminSubmission> {
  const row = await db('submissions').where({ id }).first();
  if (!row) throw notFound('Submission not found');
  return toAdminSubmission(row);
}

/**
 * pending_review -> approved (SPEC.md 4). The employer is e-mailed a payment link, in the same
 * transaction. A contact with listings left on a Multiples Listing pays nothing: the job is
 * published at once and one listing is used up.
 */
export async function approve(id: number, reviewer: Reviewer, context: ReviewContext) {
  const { db, now } = context;
  return db.transaction(async (trx) => {
    const submission = await pendingSubmission(trx, id, 'approved');
    await changeStatus(trx, submission, 'approved', reviewer, now, null);
    const credit = await trx('listing_credits')
      .whereRaw('lower(contact_email) = ?', [submission.contact_email.toLowerCase()])
      .andWhere('remaining', '>', 0)
      .orderBy('id')
      .first();
    if (credit) {
      await trx('listing_credits').where({ id: credit.id }).decrement('remaining', 1);
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
          Number(credit.remaining) - 1,
          context.boardName,
        ),
        now,
      );
      return {
        submission: toAdminSubmission(await loadSubmission(trx, id)),
        paymentUrl: null,
        publishedWithCredit: true,
      };
    }
    const token = await issuePaymentToken(trx, id, now);
    const url = paymentUrl(context.publicUrl, token);
    await enqueueEmail(trx, approvalEmail(submission, url, context.boardName), now);
    return {
      submission: toAdminSubmission(await loadSubmission(trx, id)),
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
    return toAdminSubmission(await loadSubmission(trx, id));
  });
}

/** A new amount (cents) for anything not yet paid; recorded in the history. */
export async function updateAmount(
  id: number,
  amountCents: number,
  reviewer: Reviewer,
  context: ReviewContext,
) {
  const { db, now } = context;
  return db.transaction(async (trx) => {
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
    return toAdminSubmission(await loadSubmission(trx, id));
  });
}

/** The pay link of an approved submission (the same one every time). */
export async function paymentLinkFor(id: number, context: ReviewContext): Promise<string> {
  const submission = await loadSubmission(context.db, id);
  if (!submission) throw notFound('Submission not found');
  if (submission.status !== 'approved') {
    throw new HttpError(409, 'A payment link can only be generated for an approved submission.');
  }
  return paymentUrl(context.publicUrl, await issuePaymentToken(context.db, id, context.now));
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
    return toAdminSubmission(await loadSubmission(trx, id));
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

function toAdminSubmission(stored: object | undefined): AdminSubmission {
  if (!stored) throw notFound('Submission not found');
  const row = stored as Record<string, unknown>;
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
  };
}
