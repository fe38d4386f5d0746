import {
  OFFLINE_METHOD_WORDS,
  type OfflineMethod,
  type ReceiptBuyer,
  type ReceiptSeller,
} from '@jobboard/contract/payments';
import type { PaymentRow } from '../payment-rows';
import type { PaymentsCollaborators } from '../payments-service';
import { sellerOf } from './seller';

/** Who a receipt names: the publication selling, and the organization billed (if given). */
export interface ReceiptParties {
  seller: ReceiptSeller;
  buyer: ReceiptBuyer | null;
  /** What the payment is filed by: the check's or transfer's reference, the invoice, the session. */
  reference: string | null;
  /** How it was paid, in words: 'Card (Stripe Checkout)', 'Invoice in_...', 'Check'. */
  paidBy: string;
}

const PAID_BY_CARD = 'Card (Stripe Checkout)';

function paidBy(payment: PaymentRow | undefined): string {
  if (!payment) return 'Unknown';
  if (payment.provider === 'offline') {
    const method = payment.offline_method as OfflineMethod | null;
    return method && method in OFFLINE_METHOD_WORDS
      ? OFFLINE_METHOD_WORDS[method]
      : 'Offline payment';
  }
  if (payment.stripe_invoice_id) return 'Invoice (Stripe)';
  if (payment.provider === 'stripe') return PAID_BY_CARD;
  if (payment.provider === 'credit') return 'Multiples credit';
  return 'Recorded by the board';
}

/**
 * The parties of a payment's receipt (issue 47). The caller has already checked that the payment
 * is one the signed-in employer may read (the employers' receipt): this adds fields to it, it is
 * not a second check.
 */
export async function receiptParties(
  paymentId: number,
  context: Pick<PaymentsCollaborators, 'db' | 'payments' | 'billing' | 'settings'>,
): Promise<ReceiptParties> {
  const payment = await context.payments.byId(context.db, paymentId);
  return {
    ...(payment
      ? await listingParties(Number(payment.submission_id), context)
      : { seller: await sellerOf(context), buyer: null }),
    reference:
      payment?.offline_reference ??
      payment?.stripe_invoice_id ??
      payment?.checkout_session_id ??
      null,
    paidBy: paidBy(payment),
  };
}

/**
 * The parties of a renewal's receipt: the same publication, and the organization the listing is
 * billed to (what its buyer gave on the pay page). A renewal is paid through Checkout. As above,
 * the caller has checked whose the renewal is.
 */
export async function renewalReceiptParties(
  submissionId: number,
  checkoutSessionId: string | null,
  context: Pick<PaymentsCollaborators, 'db' | 'billing' | 'settings'>,
): Promise<ReceiptParties> {
  return {
    ...(await listingParties(submissionId, context)),
    reference: checkoutSessionId,
    paidBy: PAID_BY_CARD,
  };
}

/** The publication selling and whom the listing is billed to, if its buyer said. */
async function listingParties(
  submissionId: number,
  context: Pick<PaymentsCollaborators, 'db' | 'billing' | 'settings'>,
): Promise<Pick<ReceiptParties, 'seller' | 'buyer'>> {
  const details = await context.billing.of(context.db, submissionId);
  return {
    seller: await sellerOf(context),
    buyer: details
      ? {
          buyerKind: details.buyerKind,
          legalName: details.legalName,
          billingAddress: details.billingAddress,
          poNumber: details.poNumber,
          taxId: details.taxId,
        }
      : null,
  };
}
