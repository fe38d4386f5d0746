import {
  INVOICE_DUE_DAYS,
  type ReceiptBuyer,
  type ReceiptSeller,
} from '@jobboard/contract/payments';
import type Stripe from 'stripe';
import { CHARGE } from '../stripe-checkout';

/** One Stripe invoice for one thing bought, to one organization. */
export interface InvoiceSpec {
  amountCents: number;
  description: string;
  buyer: ReceiptBuyer;
  seller: ReceiptSeller;
  email: string;
  /** On the customer and the invoice, for the webhook and the Stripe Dashboard. */
  metadata: Record<string, string>;
  /** What makes this invoice new (the listing and its last change): Stripe's idempotency keys. */
  idempotencyKey: string;
}

/**
 * Stripe's custom fields (at most 4, a value at most 140 characters) that carry what the buyer's
 * finance team files the invoice by: their PO number and tax id. A card payment's invoice
 * (Checkout's invoice_creation) carries the same.
 */
export function buyerFields(buyer: ReceiptBuyer): { name: string; value: string }[] {
  return [
    ...(buyer.poNumber ? [{ name: 'PO number', value: buyer.poNumber }] : []),
    ...(buyer.taxId ? [{ name: 'Tax ID', value: buyer.taxId }] : []),
  ];
}

/**
 * The seller as the invoice's footer prints it (Stripe prints the account's own name above; the
 * publication's legal name, address and EIN are the admins' settings).
 */
export function sellerFooter(seller: ReceiptSeller): string | undefined {
  const lines = [
    seller.legalName,
    seller.address.replace(/\s*\n\s*/g, ', '),
    seller.ein && `EIN ${seller.ein}`,
  ].filter(Boolean);
  return lines.length ? lines.join(' · ') : undefined;
}

/**
 * The billing address as Stripe's address takes it: a free text of lines becomes line1 (the
 * first) and line2 (the rest); Stripe prints both as given.
 */
function stripeAddress(text: string): { line1: string; line2?: string } {
  const [first = '', ...rest] = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return rest.length ? { line1: first, line2: rest.join(', ') } : { line1: first };
}

/**
 * A Stripe invoice the buyer pays by its due date (`send_invoice`, Net INVOICE_DUE_DAYS): a
 * Customer for the organization, a draft Invoice, its one item, then finalized and sent by Stripe
 * to the buyer's address. Each call has its own idempotency key, so a retried request (a network
 * blip, a second press) gets the same objects back rather than a second invoice.
 */
export async function sendStripeInvoice(
  stripe: Stripe,
  spec: InvoiceSpec,
): Promise<{ invoiceId: string; url: string | null; dueAt: Date }> {
  const key = spec.idempotencyKey;
  const customer = await stripe.customers.create(
    {
      name: spec.buyer.legalName,
      email: spec.email,
      address: stripeAddress(spec.buyer.billingAddress),
      metadata: spec.metadata,
    },
    { idempotencyKey: `${key}-customer` },
  );
  const footer = sellerFooter(spec.seller);
  const draft = await stripe.invoices.create(
    {
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: INVOICE_DUE_DAYS,
      currency: CHARGE.currency,
      auto_advance: false,
      description: spec.description,
      custom_fields: buyerFields(spec.buyer),
      ...(footer ? { footer } : {}),
      metadata: spec.metadata,
    },
    { idempotencyKey: `${key}-invoice` },
  );
  await stripe.invoiceItems.create(
    {
      customer: customer.id,
      invoice: draft.id,
      amount: spec.amountCents,
      currency: CHARGE.currency,
      description: spec.description,
      metadata: spec.metadata,
    },
    { idempotencyKey: `${key}-item` },
  );
  await stripe.invoices.finalizeInvoice(draft.id, {}, { idempotencyKey: `${key}-finalize` });
  const sent = await stripe.invoices.sendInvoice(draft.id, {}, { idempotencyKey: `${key}-send` });
  const dueAt = sent.due_date ? new Date(sent.due_date * 1000) : null;
  if (!dueAt) throw new Error(`Stripe sent invoice ${sent.id} without a due date`);
  return { invoiceId: sent.id, url: sent.hosted_invoice_url ?? null, dueAt };
}
