import { isoDate } from '@jobboard/contract/common';
import { MAX_INT4, parseRecordId } from '@jobboard/contract/jobs';
import { listingTier, type ListingTierId } from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { jobRenewedEmail, renewalNeedsReviewEmail } from '../mail';
import { amountPaid, chargeProblem } from '../payments';
import { renewedEnd } from './eligibility';
import type { FlaggedRenewalStatus, RenewalRow } from './renewals-repository';
import type { RenewalsContext } from './renewals-service';

/** What the webhook did with a paid renewal session. */
export type RenewalOutcome =
  | { handled: 'renewal'; jobId: number; result: 'renewed' | 'already-renewed'; endsOn?: string }
  | { handled: 'renewal-flagged'; jobId: number; status: FlaggedRenewalStatus; reason: string }
  | { handled: 'ignored'; reason: string };

/** The width of job_renewals.checkout_session_id (migration 20261126210210). */
const CHECKOUT_SESSION_ID_MAX = 255;

type Problem = { status: FlaggedRenewalStatus; reason: string };

/**
 * A paid Checkout Session that is a renewal (on record in `job_renewals`, or naming itself one in
 * its metadata), inside the webhook's transaction (which has recorded the event once already:
 * webhook.ts). It renews the listing only when this site started that session for that job, the
 * job is still on the board, and it paid exactly the renewal's price in USD, as a one-time payment,
 * for the end the session was started for; else it is flagged for the admins with the reason (and
 * e-mailed to them), and changes nothing else. Null: not a renewal (a first payment).
 */
export async function settleRenewalSession(
  trx: Knex.Transaction,
  session: Stripe.Checkout.Session,
  context: RenewalsContext,
  now: Date,
): Promise<RenewalOutcome | null> {
  const { renewals } = context;
  const record = await renewals.findBySession(trx, session.id);
  const named =
    session.metadata?.kind === 'renewal' ? parseRecordId(session.metadata.jobId) : undefined;
  if (!record && named === undefined) return null;
  if (session.id.length > CHECKOUT_SESSION_ID_MAX) {
    // Not a session Stripe makes (its ids are short), and one that cannot be recorded.
    return { handled: 'ignored', reason: 'a renewal session id longer than any of Stripe' };
  }
  const paid = {
    amountCents: Math.min(MAX_INT4, Math.max(0, session.amount_total ?? 0)),
    currency: session.currency ?? '',
  };

  if (!record) {
    if (named === null || named === undefined)
      return { handled: 'ignored', reason: 'a renewal session naming no job' };
    const problem: Problem = {
      status: 'needs_review',
      reason: `Paid ${amountPaid(session)} through a renewal session this site did not create`,
    };
    const submissionId = (await context.submissions.idsByJob(trx, [named])).get(named) ?? null;
    await renewals.insertFlagged(
      trx,
      { jobId: named, submissionId, checkoutSessionId: session.id, ...paid, ...problem },
      now,
    );
    return flagged(trx, context, named, session, problem, now);
  }
  const jobId = record.job_id;
  if (record.status === 'paid') return { handled: 'renewal', jobId, result: 'already-renewed' };
  if (record.status !== 'open') return { handled: 'ignored', reason: 'flagged already' };
  // Taken for this payment: a second event about the same session, at once, finds it taken.
  if (!(await renewals.claim(trx, record.id, now))) {
    return { handled: 'renewal', jobId, result: 'already-renewed' };
  }

  const job = await context.jobEndings.of(jobId, trx);
  const problem = whyNotRenewable(session, record, job);
  if (problem || !job || job.expiresAt === null) {
    const why = problem ?? { status: 'needs_review' as const, reason: 'The listing has no end' };
    await renewals.flag(trx, record.id, why, paid);
    return flagged(trx, context, jobId, session, why, now);
  }

  const tier = listingTier(record.tier as ListingTierId);
  const newEnd = renewedEnd(job.expiresAt, tier.durationDays ?? 0, now);
  await context.jobs.renew(trx, jobId, newEnd, { adminId: null, actor: 'stripe' }, now);
  await renewals.recordEnds(trx, record.id, job.expiresAt, newEnd);
  const submission =
    record.submission_id === null
      ? undefined
      : await context.submissions.load(trx, record.submission_id);
  if (submission) {
    await context.outbox.enqueue(
      trx,
      {
        ...jobRenewedEmail({
          to: submission.contact_email,
          contactName: submission.contact_name,
          title: job.title,
          organization: job.organization,
          jobUrl: `${context.publicUrl}/jobs/${jobId}`,
          endsOn: isoDate(newEnd),
          employerUrl: `${context.publicUrl}/employer`,
          boardName: context.boardName,
        }),
        submissionId: submission.id,
      },
      now,
    );
  }
  return { handled: 'renewal', jobId, result: 'renewed', endsOn: isoDate(newEnd) };
}

/** Why this paid session must not renew the listing; null when it may. */
function whyNotRenewable(
  session: Stripe.Checkout.Session,
  record: RenewalRow,
  job: { active: boolean; expiresAt: number | null } | undefined,
): Problem | null {
  const paid = amountPaid(session);
  const review = (reason: string): Problem => ({ status: 'needs_review', reason });
  if (!job) return review(`Paid ${paid} to renew a listing that is no longer on the board`);
  if (!job.active) return review(`Paid ${paid} to renew a listing closed or taken off the board`);
  const charged = chargeProblem(session, { cents: record.amount_cents, what: 'the renewal costs' });
  if (charged) return review(charged);
  if (job.expiresAt !== record.ends_at_checkout) {
    return {
      status: 'needs_refund',
      reason: `A second renewal payment (${paid}): the listing was renewed already`,
    };
  }
  return null;
}

async function flagged(
  trx: Knex.Transaction,
  context: RenewalsContext,
  jobId: number,
  session: Stripe.Checkout.Session,
  problem: Problem,
  now: Date,
): Promise<RenewalOutcome> {
  const job = await context.jobEndings.of(jobId, trx);
  await context.outbox.enqueue(
    trx,
    renewalNeedsReviewEmail({
      to: context.adminEmail,
      jobId,
      title: job?.title ?? `job #${jobId}`,
      checkoutSessionId: session.id,
      boardName: context.boardName,
      ...problem,
    }),
    now,
  );
  return { handled: 'renewal-flagged', jobId, ...problem };
}
