import { PAY_LINK_MESSAGES } from '@jobboard/contract/payments';
import { listingTier } from '@jobboard/contract/submissions';
import type Stripe from 'stripe';
import { Conflict, Gone } from '../platform/domain-errors';
import type { PaymentsContext } from './payments-service';
import type { SubmissionRow } from '../submissions';
import { settlePromoBeforeCharge } from './promo-redemption';
import { openCheckoutSession } from './stripe-checkout';
import { buyerFields, sellerFooter } from './billing/stripe-invoice';
import { sellerOf } from './billing/seller';

type CheckoutContext = Pick<
  PaymentsContext,
  'db' | 'submissions' | 'promoCodes' | 'payments' | 'now' | 'publicUrl' | 'billing' | 'settings'
>;

/** What the card payment's invoice names (issue 47): the buyer's PO and tax id, the seller. */
async function invoiceData(submission: SubmissionRow, context: CheckoutContext) {
  const buyer = await context.billing.of(context.db, submission.id);
  const footer = sellerFooter(await sellerOf(context));
  return { customFields: buyer ? buyerFields(buyer) : [], ...(footer ? { footer } : {}) };
}

/**
 * The submission, ready to be charged: still approved, and its promo code counted for it (once,
 * whatever runs at the same time). When the code's last redemption went to another listing first,
 * its discount is removed and this refuses (Conflict) with the new amount, so that the employer
 * sees it on the pay page before paying it.
 */
export async function prepareCharge(
  submissionId: number,
  context: CheckoutContext,
): Promise<SubmissionRow> {
  const { db, submissions, now } = context;
  const { submission, promo } = await db.transaction(async (trx) => {
    const locked = await submissions.load(trx, submissionId, true);
    if (!locked || locked.status === 'paid') {
      throw new Conflict(PAY_LINK_MESSAGES.alreadyPaid);
    }
    if (locked.status !== 'approved') throw new Gone(PAY_LINK_MESSAGES.noLongerValid);
    const settled = await settlePromoBeforeCharge(context, trx, locked, now);
    return { submission: (await submissions.load(trx, submissionId))!, promo: settled };
  });
  if (promo.outcome === 'used-up') {
    throw new Conflict(PAY_LINK_MESSAGES.promoUsedUp(promo.code, promo.amountCents));
  }
  return submission;
}

/**
 * A Stripe Checkout Session for what the submission owes now (CHARGE), tied to the submission by
 * `client_reference_id` and metadata (the webhook reads them back) and recorded in `payments`
 * (the webhook publishes only for a session on record).
 *
 * The idempotency key names the submission's last recorded change (its newest submission_events
 * row: an amount change, a new pay link, links revoked, a promo code used up) besides its amount,
 * and the pay link it is started from: a session we expired must never come back from Stripe's
 * idempotency cache, and a session's return URL must carry the link it was started from (several
 * links of one listing may be valid at once). The session is recorded with that link, so that
 * one paid after its link was revoked does not publish (webhook.ts).
 */
export async function createCheckoutSession(
  stripe: Stripe,
  submission: SubmissionRow,
  { token, linkId }: { token: string; linkId: number },
  context: CheckoutContext,
): Promise<{ url: string; sessionId: string }> {
  const { db, now, publicUrl } = context;
  const tier = listingTier(submission.listing_type);
  const reference = String(submission.id);
  const lastChange = await context.submissions.lastEventId(db, submission.id);
  const session = await openCheckoutSession(
    stripe,
    {
      amountCents: submission.amount_cents,
      name: `${tier.name}: ${submission.title}`,
      description: `${submission.organization}, ${tier.duration}`,
      reference,
      metadata: { submissionId: reference },
      customerEmail: submission.contact_email,
      successUrl: `${publicUrl}/pay/${token}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/pay/${token}/cancel`,
      idempotencyKey: `checkout-${reference}-${submission.amount_cents}-${lastChange}`,
      linkId,
      invoice: await invoiceData(submission, context),
    },
    now,
  );
  await context.payments.recordOpenSession(
    db,
    {
      submissionId: submission.id,
      checkoutSessionId: session.sessionId,
      amountCents: submission.amount_cents,
      paymentLinkId: linkId,
    },
    now,
  );
  return session;
}
