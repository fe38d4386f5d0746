import { createHash } from 'node:crypto';
import {
  BILLING_MESSAGES,
  type BuyerDetails,
  type InvoiceRequested,
  type ReceiptBuyer,
} from '@jobboard/contract/payments';
import { isoDate } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { mailPaymentToReview } from '../review-mail';
import { Conflict } from '../../platform/domain-errors';
import { prepareCharge } from '../checkout';
import type { PaymentsContext } from '../payments-service';
import type { PayLink } from '../payment-tokens';
import { markPaidAndPublish, type PublishOutcome } from '../publishing';
import { CHARGE } from '../stripe-checkout';
import { saveBuyer } from './buyer';
import { sellerOf } from './seller';
import { sendStripeInvoice } from './stripe-invoice';

/**
 * Bill a listing by a Stripe invoice instead of a card (issue 47): whom to bill is saved (and the
 * price for their kind applied), the invoice is created, finalized and sent by Stripe to the
 * contact's address, due in Net 30, and recorded as the listing's 'invoiced' payment. Its open
 * Checkout Sessions are marked to expire, so that the listing is not paid twice. With the admins'
 * "publish on approval" the listing goes live now (it is approved) and the invoice is paid after;
 * with "publish on payment" (the default) Stripe's `invoice.paid` publishes it (settleInvoicePaid).
 */
export async function requestInvoice(
  stripe: Stripe,
  { submission: linked }: PayLink,
  input: BuyerDetails,
  context: PaymentsContext,
): Promise<InvoiceRequested> {
  const { db, now, payments } = context;
  if (await payments.invoiceOf(db, linked.id))
    throw new Conflict(BILLING_MESSAGES.invoiceAlreadySent);
  const buyer = await db.transaction(async (trx) => saveBuyer(trx, linked, input, context));
  const submission = await prepareCharge(linked.id, context);
  const tier = listingTier(submission.listing_type);
  const reference = String(submission.id);
  const sent = await sendStripeInvoice(stripe, {
    amountCents: submission.amount_cents,
    description: `${tier.name}: ${submission.title} (${submission.organization}, ${tier.duration})`,
    buyer,
    seller: await sellerOf(context),
    email: submission.contact_email,
    metadata: { submissionId: reference },
    // The listing, what it owes and whom it bills: two presses at once (or a retry after a
    // failure half-way) get the same Stripe objects back, and the second is then refused here
    // as sent already, so no second invoice ever reaches the buyer. Other details, a new invoice.
    idempotencyKey: `invoice-${reference}-${submission.amount_cents}-${fingerprint(buyer)}`,
  });
  const settings = await context.settings.all(db);
  const publishNow = settings.invoicePublishing === 'on_approval';
  const dueOn = isoDate(sent.dueAt);
  await db.transaction(async (trx) => {
    // Two presses at once got the same invoice back from Stripe (one idempotency key) and both
    // arrive here. The listing's row is locked first (PostgreSQL; SQLite has one writer), so the
    // second waits for the first to commit, then sees its payment and is told the invoice was
    // sent, rather than inserting the same stripe_invoice_id again (a 500, issue 47).
    await context.submissions.load(trx, submission.id, true);
    if (await payments.invoiceOf(trx, submission.id)) {
      throw new Conflict(BILLING_MESSAGES.invoiceAlreadySent);
    }
    await payments.recordInvoice(
      trx,
      {
        submissionId: submission.id,
        invoiceId: sent.invoiceId,
        amountCents: submission.amount_cents,
        dueAt: sent.dueAt,
        url: sent.url,
      },
      now,
    );
    await payments.markOpenSessionsToExpire(trx, submission.id);
    const note = `Invoice ${sent.invoiceId} sent to ${buyer.legalName}${buyer.poNumber ? `, PO ${buyer.poNumber}` : ''}, due ${dueOn}`;
    if (publishNow) {
      // Live on approval: the listing is published as paid listings are; its payment stays
      // 'invoiced' until Stripe says the invoice is paid.
      await markPaidAndPublish(
        trx,
        submission.id,
        {
          provider: 'stripe',
          actor: 'employer',
          invoiceId: sent.invoiceId,
          unpaidInvoice: true,
          amountCents: submission.amount_cents,
          note: `${note}; published on approval`,
        },
        context,
      );
    } else {
      await context.submissions.recordEvent(trx, {
        submissionId: submission.id,
        from: submission.status,
        to: submission.status,
        actor: 'employer',
        note,
        at: now,
      });
    }
  });
  return {
    invoiceUrl: sent.url,
    dueOn,
    published: publishNow ? 'now' : 'on_payment',
    message: `${BILLING_MESSAGES.invoiceSent(submission.contact_email, dueOn)} ${
      publishNow ? BILLING_MESSAGES.publishedOnInvoice : BILLING_MESSAGES.publishedOnPayment
    }`,
  };
}

/** A short digest of whom an invoice bills, for its idempotency keys. */
const fingerprint = (buyer: ReceiptBuyer) =>
  createHash('sha256').update(JSON.stringify(buyer)).digest('hex').slice(0, 16);

export type InvoiceOutcome =
  | { handled: 'ignored'; reason: string }
  | { handled: 'publish'; submissionId: number; result: PublishOutcome }
  | { handled: 'flagged'; submissionId: number; status: 'needs_review'; reason: string };

/**
 * Stripe's `invoice.paid`, in the webhook's transaction (the event is recorded once there): an
 * invoice this site sent for a listing, paid in full in USD, makes its payment 'paid' and publishes
 * the listing, or, published on approval already, only records it paid. An invoice not on record
 * is not ours (another product on the same account): ignored. One that paid another amount is
 * flagged for the admins, as a Checkout Session would be.
 */
export async function settleInvoicePaid(
  trx: Knex.Transaction,
  invoice: Stripe.Invoice,
  context: Pick<
    PaymentsContext,
    | 'payments'
    | 'submissions'
    | 'jobs'
    | 'organizations'
    | 'promoCodes'
    | 'outbox'
    | 'publicUrl'
    | 'boardName'
    | 'adminEmail'
    | 'now'
  >,
): Promise<InvoiceOutcome> {
  const { payments, submissions, now } = context;
  const row = invoice.id ? await payments.findByInvoice(trx, invoice.id) : undefined;
  if (!row) return { handled: 'ignored', reason: 'not an invoice of this site' };
  const submissionId = Number(row.submission_id);
  const submission = await submissions.load(trx, submissionId, true);
  if (!submission) return { handled: 'ignored', reason: `no submission ${submissionId}` };
  if (row.status === 'paid') {
    return {
      handled: 'publish',
      submissionId,
      result: { outcome: 'already-paid', jobId: submission.job_id },
    };
  }
  if (row.status !== 'invoiced') return { handled: 'ignored', reason: `invoice ${row.status}` };

  const owed = Number(row.amount_cents);
  if (invoice.amount_paid !== owed || invoice.currency !== CHARGE.currency) {
    const reason = `Invoice ${invoice.id} paid ${invoice.amount_paid} ${invoice.currency.toUpperCase()} cents, but the listing owes ${owed} ${CHARGE.currency.toUpperCase()} cents`;
    await payments.closeInvoice(trx, row.id, 'needs_review', now, reason);
    await mailPaymentToReview(trx, context, {
      submissionId,
      title: submission.title,
      stripeId: invoice.id,
      status: 'needs_review',
      reason,
    });
    return { handled: 'flagged', submissionId, status: 'needs_review', reason };
  }
  if (submission.status === 'paid') {
    // Published on approval: the invoice now paid is its payment.
    await payments.closeInvoice(trx, row.id, 'paid', now);
    await submissions.recordEvent(trx, {
      submissionId,
      from: 'paid',
      to: 'paid',
      actor: 'stripe',
      note: `Invoice ${invoice.id} paid`,
      at: now,
    });
    return {
      handled: 'publish',
      submissionId,
      result: { outcome: 'already-paid', jobId: submission.job_id },
    };
  }
  const result = await markPaidAndPublish(
    trx,
    submissionId,
    {
      provider: 'stripe',
      actor: 'stripe',
      invoiceId: invoice.id,
      amountCents: owed,
      note: `Invoice ${invoice.id} paid`,
    },
    context,
  );
  await payments.markOpenSessionsToExpire(trx, submissionId);
  return { handled: 'publish', submissionId, result };
}
