import { MAX_INT4, parseRecordId } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { amountPaid, chargeProblem } from './stripe-checkout';
import type { PaymentsContext } from './payments-service';
import type { SubmissionRow } from '../submissions';
import {
  FLAGGED_STATUSES,
  type FlaggedStatus,
  type PaymentLinkRow,
  type PaymentRow,
} from './payment-rows';
import { markPaidAndPublish, type PublishContext, type PublishOutcome } from './publishing';
import { settleInvoicePaid } from './billing/invoices';
import { mailPaymentToReview } from './review-mail';

/** The events that mean "this Checkout Session is paid". */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** The widths of processed_webhook_events' columns (migration 20261122001200). */
const STORED_EVENT = { id: 255, type: 100 } as const;

export type WebhookOutcome =
  | { handled: 'duplicate' }
  | { handled: 'ignored'; reason: string }
  | { handled: 'publish'; submissionId: number; result: PublishOutcome }
  | { handled: 'flagged'; submissionId: number; status: FlaggedStatus; reason: string }
  | { handled: 'renewal'; jobId: number; result: 'renewed' | 'already-renewed' }
  | { handled: 'renewal-flagged'; jobId: number; status: FlaggedStatus; reason: string };

/**
 * Settles a paid session if it is a renewal (renewals/settle.ts), in the webhook's transaction;
 * null when it is not one.
 */
export type RenewalSettler = (
  trx: Knex.Transaction,
  session: Stripe.Checkout.Session,
  now: Date,
) => Promise<
  | { handled: 'renewal'; jobId: number; result: 'renewed' | 'already-renewed' }
  | { handled: 'renewal-flagged'; jobId: number; status: FlaggedStatus; reason: string }
  | { handled: 'ignored'; reason: string }
  | null
>;

export type WebhookContext = PublishContext &
  Pick<PaymentsContext, 'db' | 'adminEmail'> & { renewals?: RenewalSettler | null };

/**
 * Apply one verified Stripe event, once: its id is recorded in the same transaction as its
 * effects, so a repeated delivery finds it and changes nothing, and a failure part-way leaves
 * neither the effects nor the record (Stripe's retry then applies it whole). Events in any order
 * are safe: publishing only ever moves an approved submission to paid.
 */
export async function applyStripeEvent(
  event: Stripe.Event,
  context: WebhookContext,
): Promise<WebhookOutcome> {
  if (event.id.length > STORED_EVENT.id || event.type.length > STORED_EVENT.type) {
    // Not an event Stripe sends (its ids are short); one that cannot be recorded cannot be
    // applied once, so it is not applied at all, and answered so that it is not retried.
    return { handled: 'ignored', reason: 'event id or type longer than any of Stripe' };
  }
  const { now } = context;
  return context.db.transaction(async (trx) => {
    if (!(await context.payments.recordWebhookEvent(trx, event, now))) {
      return { handled: 'duplicate' };
    }

    if (event.type === 'invoice.paid') {
      // An invoice this site sent for a listing (issue 47; billing/invoices.ts).
      return settleInvoicePaid(trx, event.data.object as Stripe.Invoice, context);
    }
    if (!PAID_EVENTS.has(event.type))
      return { handled: 'ignored', reason: `event type ${event.type}` };
    const session = event.data.object as Stripe.Checkout.Session;
    if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') {
      // Delayed payment methods: the money is not in yet; async_payment_succeeded follows.
      return { handled: 'ignored', reason: `payment_status ${session.payment_status}` };
    }
    // A renewal of a live listing (renewals/settle.ts) is checked and recorded there.
    const renewal = context.renewals ? await context.renewals(trx, session, now) : null;
    if (renewal) return renewal;
    return settlePaidSession(trx, event, session, context, now);
  });
}

/**
 * A paid Checkout Session publishes its listing only when it is one this site created for that
 * listing (its id is on record in `payments` for the submission it names) and it paid exactly
 * what the listing owes now, in USD, as a one-time payment. Any other paid session that concerns
 * a submission is kept, flagged for the admins (and e-mailed to them) with the reason, and
 * publishes nothing. A session that is neither on record nor names a submission is not ours
 * (another product on the same Stripe account): ignored.
 */
async function settlePaidSession(
  trx: Knex.Transaction,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  context: WebhookContext,
  now: Date,
): Promise<WebhookOutcome> {
  const { payments, submissions } = context;
  const record = await payments.findBySession(trx, session.id);
  const reference = submissionReference(session);
  const submissionId = record ? Number(record.submission_id) : reference;
  if (submissionId === null) return { handled: 'ignored', reason: 'not a session of this site' };
  const submission = await submissions.load(trx, submissionId, true);
  if (!submission) return { handled: 'ignored', reason: `no submission ${submissionId}` };

  if (record?.status === 'paid') {
    // Another event about the payment that published the listing (completed, then async success).
    return {
      handled: 'publish',
      submissionId,
      result: { outcome: 'already-paid', jobId: submission.job_id },
    };
  }
  if (record && (FLAGGED_STATUSES as readonly string[]).includes(record.status)) {
    return { handled: 'ignored', reason: 'flagged already' };
  }

  const link =
    record?.payment_link_id == null
      ? undefined
      : await payments.linkById(trx, Number(record.payment_link_id));
  const problem = whyNotPublishable(session, record, link, reference, submission);
  if (problem) {
    await payments.flag(
      trx,
      {
        submissionId,
        checkoutSessionId: session.id,
        // Kept within its int4 column; the reason says what was paid in full.
        amountCents: Math.min(MAX_INT4, Math.max(0, session.amount_total ?? 0)),
        currency: session.currency ?? '',
        ...problem,
      },
      record,
      now,
    );
    await mailPaymentToReview(trx, context, {
      submissionId,
      title: submission.title,
      stripeId: session.id,
      ...problem,
    });
    return { handled: 'flagged', submissionId, ...problem };
  }

  const result = await markPaidAndPublish(
    trx,
    submissionId,
    {
      provider: 'stripe',
      actor: 'stripe',
      checkoutSessionId: session.id,
      amountCents: session.amount_total ?? 0,
      note: `Stripe ${event.type} (${event.id})`,
    },
    context,
  );
  // The listing is paid: its other sessions must not take a second payment.
  await payments.markOpenSessionsToExpire(trx, submissionId, session.id);
  return { handled: 'publish', submissionId, result };
}

/**
 * Why this paid session must not publish the submission it concerns; null when it may. A session
 * started from a pay link that an admin revoked since is not accepted: revoking stops payment.
 */
function whyNotPublishable(
  session: Stripe.Checkout.Session,
  record: PaymentRow | undefined,
  link: PaymentLinkRow | undefined,
  reference: number | null,
  submission: SubmissionRow,
): { status: FlaggedStatus; reason: string } | null {
  const paid = amountPaid(session);
  const review = (reason: string) => ({ status: 'needs_review' as const, reason });
  if (submission.status === 'paid') {
    return {
      status: 'needs_refund',
      reason: `A second payment (${paid}) for a listing already paid`,
    };
  }
  if (submission.status !== 'approved') {
    return review(`Paid ${paid} while the submission is ${submission.status}`);
  }
  if (!record) {
    return review(`Paid ${paid} through a Checkout Session this site did not create for it`);
  }
  if (reference !== Number(record.submission_id)) {
    return review(
      `Paid ${paid} through a session made for this submission that names ${reference === null ? 'no submission' : `submission #${reference}`}`,
    );
  }
  if (link?.revoked_at != null) {
    return review(
      `Paid ${paid} through a payment link revoked by ${link.revoked_by ?? 'an admin'} before the payment arrived`,
    );
  }
  const charged = chargeProblem(session, {
    cents: submission.amount_cents,
    what: 'the listing owes',
  });
  return charged ? review(charged) : null;
}

/**
 * The submission id a session names (client_reference_id, else metadata), if it can name one:
 * anything else (another product's reference, a number past int4) names none.
 */
function submissionReference(session: Stripe.Checkout.Session): number | null {
  return parseRecordId(session.client_reference_id ?? session.metadata?.submissionId);
}
