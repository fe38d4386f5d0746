import type { AdminPaymentIssue } from '@jobboard/contract/admin';
import { addDays } from '@jobboard/contract/common';
import {
  PAYMENT_MESSAGES,
  RENEWAL_LINK_TTL_DAYS,
  RENEWAL_MESSAGES,
  RENEWAL_TOKEN_PATTERN,
  type RenewalPageView,
  type RenewalStatus,
} from '@jobboard/contract/payments';
import { listingTier } from '@jobboard/contract/submissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { Db } from '../platform/db/knex';
import { Conflict, Gone, NotFound, Unavailable } from '../platform/domain-errors';
import { type JobsService, type JobEndings, hasExpired } from '../jobs';
import type { Outbox } from '../mail';
import { openCheckoutSession, hashPaymentToken, type ResolvedIssue } from '../payments';
import type { SubmissionsService } from '../submissions';
import { eligibility, renewedEnd, type Eligibility, type Renewable } from './eligibility';
import type {
  FlaggedRenewalStatus,
  RenewalReceipt,
  RenewalsRepository,
} from './renewals-repository';
import { sendReminders, type ReminderReport } from './reminders';
import { issueRenewalLink } from './renewal-links';
import { renewalUrl } from './renewal-tokens';
import { settleRenewalSession, type RenewalOutcome } from './settle';

/** The collaborators of renewals and what it uses of each. */
export interface RenewalsCollaborators {
  db: Knex;
  renewals: RenewalsRepository;
  jobEndings: Pick<JobEndings, 'of' | 'endingBetween'>;
  jobs: Pick<JobsService, 'renew'>;
  submissions: Pick<SubmissionsService, 'load' | 'idsByJob' | 'ofJob'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** null when Stripe is not configured. */
  stripe: Stripe | null;
}

export interface RenewalsSite {
  publicUrl: string;
  boardName: string;
  adminEmail: string;
  jobsEmail: string;
}

export type RenewalsContext = RenewalsCollaborators & RenewalsSite;

/** A paid renewal as a receipt lists it (the employer's page reads them through this service). */
export type { RenewalReceipt };

/** What the employer's page (the lead's "Renew" button) gets: the renewal URL, or why not. */
export type RenewalLink = { url: string } | { refusal: string };

/**
 * Renewing paid listings (docs/product.md#renewals): the renewal link and its page, Stripe
 * Checkout for the tier's price, the webhook's part (settle.ts) and the reminders (reminders.ts).
 */
export class RenewalsService {
  constructor(
    private readonly context: RenewalsContext,
    private readonly now: () => Date,
  ) {}

  /** Whether renewals go through Stripe (without keys the page says payment is not set up). */
  get stripeConfigured(): boolean {
    return this.context.stripe !== null;
  }

  /** Whether the job may be renewed at `now`, with what it needs, or the reason why not. */
  async eligibilityOf(jobId: number, now: Date, db: Db = this.context.db): Promise<Eligibility> {
    const job = await this.context.jobEndings.of(jobId, db);
    const submission = await this.context.submissions.ofJob(db, jobId);
    return eligibility(job, submission, now, this.context.jobsEmail);
  }

  /**
   * For the employer's page: a fresh renewal link of the job (its URL), or the reason it cannot be
   * renewed now (RENEWAL_MESSAGES). Each call issues a new link; earlier ones keep working.
   */
  async linkFor(jobId: number): Promise<RenewalLink> {
    const now = this.now();
    const found = await this.eligibilityOf(jobId, now);
    if ('refusal' in found) return { refusal: found.refusal };
    const { token } = await issueRenewalLink(this.context, this.context.db, jobId, now);
    return { url: renewalUrl(this.context.publicUrl, token) };
  }

  /**
   * The job a renewal link names (NotFound for a malformed or unknown token, Gone once it is
   * older than RENEWAL_LINK_TTL_DAYS). The return page after a payment still reads an expired one.
   */
  private async linkOf(
    token: string,
    { expired = 'refused' }: { expired?: 'refused' | 'read' } = {},
  ): Promise<{ jobId: number; linkId: number }> {
    if (!RENEWAL_TOKEN_PATTERN.test(token)) throw new NotFound(RENEWAL_MESSAGES.invalidLink);
    const link = await this.context.renewals.linkByTokenHash(
      this.context.db,
      hashPaymentToken(token),
    );
    if (!link) throw new NotFound(RENEWAL_MESSAGES.invalidLink);
    if (expired === 'refused' && link.created_at <= linksMadeBefore(this.now())) {
      throw new Gone(RENEWAL_MESSAGES.expiredLink);
    }
    return { jobId: link.job_id, linkId: link.id };
  }

  // ---- the admins' review screen (payments/: shown with the first payments' flagged ones) -------

  /** The flagged renewal payments no admin has handled, by submission (of one when given). */
  async unhandledIssues(db: Db, submissionId?: number): Promise<Map<number, AdminPaymentIssue[]>> {
    const bySubmission = new Map<number, AdminPaymentIssue[]>();
    for (const row of await this.context.renewals.unhandledFlagged(db, submissionId)) {
      const issues = bySubmission.get(row.submission_id!) ?? [];
      issues.push({
        id: `R${row.id}`,
        kind: 'renewal',
        status: row.status as FlaggedRenewalStatus,
        amountCents: row.amount_cents,
        currency: row.currency,
        checkoutSessionId: row.checkout_session_id,
        reason: row.review_reason ?? '',
        paidAt: new Date(row.paid_at ?? row.created_at).toISOString(),
      });
      bySubmission.set(row.submission_id!, issues);
    }
    return bySubmission;
  }

  /** Mark a flagged renewal payment of this submission handled (undefined: it has none such). */
  async resolveIssue(
    trx: Knex.Transaction,
    submissionId: number,
    renewalId: number,
    by: string,
    now: Date,
  ): Promise<ResolvedIssue | undefined> {
    const row = await this.context.renewals.findFlagged(trx, submissionId, renewalId);
    if (!row) return undefined;
    if (row.resolved_at != null) return { sessionId: row.checkout_session_id, resolvedNow: false };
    await this.context.renewals.resolve(trx, renewalId, by, now);
    return { sessionId: row.checkout_session_id, resolvedNow: true };
  }

  /** Retention's part: delete up to `limit` links past RENEWAL_LINK_TTL_DAYS; how many went. */
  deleteExpiredLinks(limit: number): Promise<number> {
    return this.context.renewals.deleteLinksMadeBefore(
      this.context.db,
      linksMadeBefore(this.now()),
      limit,
    );
  }

  /** What the renewal page shows: the listing, its end now and renewed, the price, or the refusal. */
  async page(token: string): Promise<RenewalPageView> {
    const now = this.now();
    const { jobId } = await this.linkOf(token);
    const job = await this.context.jobEndings.of(jobId);
    if (!job) throw new NotFound(RENEWAL_MESSAGES.notFound);
    const found = await this.eligibilityOf(jobId, now);
    const submission = await this.context.submissions.ofJob(this.context.db, jobId);
    const tier = listingTier(submission?.listing_type ?? 'basic');
    const days = tier.durationDays ?? 0;
    const end = job.expiresAt ?? now.getTime();
    return {
      jobId: String(job.id),
      title: job.title,
      organization: job.organization,
      tierId: tier.id,
      tierName: tier.name,
      durationDays: days,
      priceCents: tier.priceCents,
      currentEnd: new Date(end).toISOString(),
      // The term's end, as 'Ends on' or 'Ended on' (listing-end.ts; a passed deadline is the
      // refusal's to tell).
      ended: hasExpired({ expiresAt: end }, now),
      newEnd: renewedEnd(end, days, now).toISOString(),
      refusal: 'refusal' in found ? found.refusal : null,
      paymentsConfigured: this.stripeConfigured,
    };
  }

  /**
   * A Stripe Checkout Session for renewing the listing a link names, at its tier's price (Conflict
   * with the reason when it cannot be renewed now), recorded in `job_renewals`: the webhook renews
   * only for a session on record.
   */
  async startCheckout(token: string, log: FastifyBaseLogger): Promise<{ url: string }> {
    const now = this.now();
    const { jobId, linkId } = await this.linkOf(token);
    const found = await this.eligibilityOf(jobId, now);
    if ('refusal' in found) throw new Conflict(found.refusal);
    const { stripe } = this.context;
    if (!stripe) throw new Unavailable(PAYMENT_MESSAGES.notSetUp);
    try {
      return await this.createSession(stripe, found.renewable, { token, linkId }, now);
    } catch (error) {
      log.error({ err: error, jobId }, 'could not create a Stripe checkout session for a renewal');
      throw new Unavailable(PAYMENT_MESSAGES.unreachable);
    }
  }

  private async createSession(
    stripe: Stripe,
    { job, submission, tier }: Renewable,
    { token, linkId }: { token: string; linkId: number },
    now: Date,
  ): Promise<{ url: string }> {
    const { publicUrl } = this.context;
    // Repeated clicks get the same session back, as a pay link's do (payments/checkout.ts).
    const session = await openCheckoutSession(
      stripe,
      {
        amountCents: tier.priceCents,
        name: `Renewal, ${tier.name}: ${job.title}`,
        description: `${job.organization}, ${tier.durationDays} more days`,
        reference: `renewal-${job.id}`,
        metadata: { kind: 'renewal', jobId: String(job.id) },
        customerEmail: submission.contact_email,
        successUrl: `${publicUrl}/renew/${token}/done?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl}/renew/${token}`,
        // The end it renews is in the key: once renewed, the next renewal is a new session.
        idempotencyKey: `renewal-${job.id}-${job.expiresAt}-${tier.priceCents}`,
        linkId,
      },
      now,
    );
    await this.context.renewals.recordOpenSession(
      this.context.db,
      {
        jobId: job.id,
        submissionId: submission.id,
        linkId,
        checkoutSessionId: session.sessionId,
        tier: tier.id,
        amountCents: tier.priceCents,
        endsAtCheckout: job.expiresAt,
      },
      now,
    );
    return { url: session.url };
  }

  /** The return page's question: has the renewal paid through this session arrived? */
  async status(token: string, sessionId: string): Promise<RenewalStatus> {
    const { jobId } = await this.linkOf(token, { expired: 'read' });
    const record = await this.context.renewals.findBySession(this.context.db, sessionId);
    if (!record || record.job_id !== jobId) throw new NotFound(RENEWAL_MESSAGES.unknownSession);
    const job = await this.context.jobEndings.of(jobId);
    return {
      jobId: String(jobId),
      status: record.status === 'paid' ? 'paid' : 'pending',
      currentEnd: job?.expiresAt == null ? null : new Date(job.expiresAt).toISOString(),
    };
  }

  /** The webhook's part, in its transaction: null when the session is not a renewal (settle.ts). */
  settle(
    trx: Knex.Transaction,
    session: Stripe.Checkout.Session,
    now: Date,
  ): Promise<RenewalOutcome | null> {
    return settleRenewalSession(trx, session, this.context, now);
  }

  /** The reminders due now, once each (reminders.ts); `ran` false when another run holds the lease. */
  remind(): Promise<ReminderReport> {
    return sendReminders(this.context, this.now());
  }

  /** The paid renewals of these jobs (for the employer's receipts). */
  paidOfJobs(jobIds: number[]): Promise<RenewalReceipt[]> {
    return this.context.renewals.paidOfJobs(this.context.db, jobIds);
  }

  /** One paid renewal (the employer's receipt; the caller checks whose it is). */
  paidRenewal(id: number): Promise<RenewalReceipt | undefined> {
    return this.context.renewals.paidRenewal(this.context.db, id);
  }
}

/** Links made at or before this instant have expired (RENEWAL_LINK_TTL_DAYS). */
function linksMadeBefore(now: Date): number {
  return addDays(now, -RENEWAL_LINK_TTL_DAYS).getTime();
}
