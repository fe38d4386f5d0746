import { formatCents } from '@jobboard/contract/common';
import type Stripe from 'stripe';

/**
 * The board's Stripe Checkout, one module for both of its payments (issue 41, R8): a listing's
 * first payment, through a pay link (checkout.ts), and a renewal, through a renewal link
 * (renewals/renewals-service.ts). What a session charges in and how, how long repeated clicks
 * get the same session back, and what the admins are told of a paid session that does not fit
 * were written in each before; the webhook (webhook.ts) and the renewal's settling
 * (renewals/settle.ts) now check a paid session against the same CHARGE, and the payments' and
 * renewals' rows record its currency.
 */

/** What every listing is charged in, and how: one payment in US dollars (the tiers' prices). */
export const CHARGE = { currency: 'usd', mode: 'payment' } as const;

const HOUR_MS = 60 * 60 * 1000;
/**
 * Repeated clicks on Pay within this window get the same Checkout Session back (Stripe answers a
 * repeated idempotency key with the first result). A session lives 24 hours, so one reused at the
 * end of a 12-hour window still has 12 hours left.
 */
export const REUSE_WINDOW_MS = 12 * HOUR_MS;

/** One Checkout Session for one thing bought: what it is, for how much, and where it returns. */
export interface CheckoutSpec {
  amountCents: number;
  name: string;
  description: string;
  /** `client_reference_id`, which the webhook reads back. */
  reference: string;
  /** On the session and on its payment intent, for the webhook and the Stripe Dashboard. */
  metadata: Record<string, string>;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /**
   * What makes a session new, the start of its idempotency key (the thing bought, its price...);
   * the reuse window and the link follow it here.
   */
  idempotencyKey: string;
  /** The pay or renewal link it is started from: a session returns to that link. */
  linkId: number;
  /**
   * What the invoice Stripe makes of the paid session says besides (issue 47): the buyer's PO
   * number and tax id, the seller's legal name, address and EIN (billing/stripe-invoice.ts).
   */
  invoice?: { customFields: { name: string; value: string }[]; footer?: string };
}

/**
 * A Checkout Session charging CHARGE, the same one for repeated clicks on one link within
 * REUSE_WINDOW_MS.
 */
export async function openCheckoutSession(
  stripe: Stripe,
  spec: CheckoutSpec,
  now: Date,
): Promise<{ url: string; sessionId: string }> {
  const window = Math.floor(now.getTime() / REUSE_WINDOW_MS);
  const session = await stripe.checkout.sessions.create(
    {
      mode: CHARGE.mode,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CHARGE.currency,
            unit_amount: spec.amountCents,
            product_data: { name: spec.name, description: spec.description },
          },
        },
      ],
      client_reference_id: spec.reference,
      metadata: spec.metadata,
      payment_intent_data: { metadata: spec.metadata },
      customer_email: spec.customerEmail,
      // Every card payment gets an invoice PDF from Stripe too (issue 47), e-mailed with the
      // receipt: what a finance team files, with their PO number when they gave one.
      invoice_creation: {
        enabled: true,
        invoice_data: {
          description: spec.name,
          metadata: spec.metadata,
          ...(spec.invoice?.customFields.length
            ? { custom_fields: spec.invoice.customFields }
            : {}),
          ...(spec.invoice?.footer ? { footer: spec.invoice.footer } : {}),
        },
      },
      success_url: spec.successUrl,
      cancel_url: spec.cancelUrl,
    },
    { idempotencyKey: `${spec.idempotencyKey}-${window}-${spec.linkId}` },
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return { url: session.url, sessionId: session.id };
}

/** What a session paid, as the admins read it: '$99 USD', '99.00 EUR'. */
export function amountPaid(session: Stripe.Checkout.Session): string {
  const amount = session.amount_total ?? 0;
  const currency = (session.currency ?? '?').toUpperCase();
  return currency === 'USD'
    ? `${formatCents(amount)} USD`
    : `${(amount / 100).toFixed(2)} ${currency}`;
}

/**
 * Why a paid session is not the charge it should be (null when it is): not a one-time payment,
 * not in CHARGE's currency, or not the amount owed (`owed.what`: 'the listing owes').
 */
export function chargeProblem(
  session: Stripe.Checkout.Session,
  owed: { cents: number; what: string },
): string | null {
  const paid = amountPaid(session);
  if (session.mode !== CHARGE.mode) return `Paid ${paid} in ${session.mode} mode`;
  if (session.currency !== CHARGE.currency) {
    return `Paid ${paid}, not in ${CHARGE.currency.toUpperCase()}`;
  }
  if (session.amount_total !== owed.cents) {
    return `Paid ${paid}, but ${owed.what} ${formatCents(owed.cents)}`;
  }
  return null;
}
