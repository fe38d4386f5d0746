import { enums, nullable, object, optional, string, type Infer } from 'superstruct';
import { formatUsDate } from './dates';
import { described } from './json-schema';
import { formatCents } from './money';
import { listingTier, type ListingTierId } from './tiers';

/**
 * Billing as nonprofits pay (issue 47): an invoice with a purchase-order number instead of a card,
 * a check or a bank transfer recorded by an admin, receipts that name both parties, and a price
 * for nonprofits and one for businesses. The pay page and the API both read these rules and texts.
 */

/** Who is buying: the buyer says so on the pay page (the price may differ, BillingSettings). */
export const BUYER_KINDS = ['nonprofit', 'business'] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];

/** When a listing paid by invoice goes live (an admin's setting). */
export const INVOICE_PUBLISHING = ['on_payment', 'on_approval'] as const;
export type InvoicePublishing = (typeof INVOICE_PUBLISHING)[number];

/** An invoice is due this many days after it is sent ("Net 30"). */
export const INVOICE_DUE_DAYS = 30;

/** How an admin received an offline payment. */
export const OFFLINE_METHODS = ['check', 'bank_transfer'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export const OFFLINE_METHOD_WORDS: Record<OfflineMethod, string> = {
  check: 'Check',
  bank_transfer: 'Bank transfer',
};

/** The longest of each text (the columns of migration 20261201030000 hold them). */
export const BILLING_LIMITS = {
  legalName: 200,
  billingAddress: 500,
  poNumber: 40,
  taxId: 40,
  offlineReference: 120,
} as const;

/** A US Employer Identification Number as it is printed: 12-3456789. */
export const EIN_PATTERN = /^\d{2}-\d{7}$/;

/** Every text of billing: the pay page's invoice form, the admin's settings and offline payment. */
export const BILLING_MESSAGES = {
  buyerKind: 'Please say whether you buy as a nonprofit or as a business.',
  legalName: `Please enter the organization's legal name (at most ${BILLING_LIMITS.legalName} characters).`,
  billingAddress: `Please enter the billing address (at most ${BILLING_LIMITS.billingAddress} characters).`,
  poNumber: `A PO number has at most ${BILLING_LIMITS.poNumber} characters.`,
  taxId: `A tax id has at most ${BILLING_LIMITS.taxId} characters.`,
  invoiceSent: (email: string, dueOn: string) =>
    `Your invoice has been sent to ${email}. It is due on ${dueOn}.`,
  publishedOnInvoice: 'Your listing is live now; please pay the invoice by its due date.',
  publishedOnPayment: 'Your listing goes live as soon as the invoice is paid.',
  invoiceAlreadySent:
    'An invoice for this listing has been sent already: please pay it, or write to us to change it.',
  offlineMethod: 'Please choose how the payment was received: check or bank transfer.',
  offlineReference: `Please enter the check number or the transfer's reference (at most ${BILLING_LIMITS.offlineReference} characters).`,
  offlineAmount: 'Please enter the amount received, in cents (a whole number of at least 0).',
  offlineReceivedOn: 'Please enter the date the payment was received (YYYY-MM-DD).',
  offlineNotPayable:
    'Only an approved listing, or one published on an unpaid invoice, can be marked as paid.',
  offlineAlreadyPaid: 'This listing is already paid.',
  publisherName: `The publication's legal name has at most ${BILLING_LIMITS.legalName} characters.`,
  publisherAddress: `The publication's address has at most ${BILLING_LIMITS.billingAddress} characters.`,
  publisherEin: 'An EIN is written 12-3456789 (or left empty).',
  tierPrice:
    'A price is a whole number of cents from 0 to 10,000,000, or empty for the list price.',
  /**
   * The state of a listing live on an invoice not yet paid ("publish on approval"), wherever its
   * status is shown (the admin's card and list, the employer's listing): its stored status is
   * 'paid' (= live, which other code relies on), but nothing has been paid.
   */
  liveOnUnpaidInvoice: (dueOn: string) => `Live, invoice unpaid (due ${formatUsDate(dueOn)})`,
} as const;

/**
 * A listing live on an invoice not yet paid: the day it is due (YYYY-MM-DD) and Stripe's page of
 * it. Derived from the listing's payment row ('invoiced'), never stored as a status of its own.
 */
export const UnpaidInvoice = object({ dueOn: string(), url: nullable(string()) });
export type UnpaidInvoice = Infer<typeof UnpaidInvoice>;

/** A text the buyer or an admin types: trimmed by the caller, within `max`, maybe required. */
const text = (name: string, max: number, message: string, required: boolean) =>
  described<string>(
    name,
    { type: 'string', maxLength: max, ...(required ? { minLength: 1 } : {}) },
    (value) =>
      (typeof value === 'string' &&
        value.length <= max &&
        (!required || value.trim().length > 0)) ||
      message,
  );

/** Who the invoice or the receipt is billed to, as the pay page's form sends it. */
export const BuyerDetails = object({
  buyerKind: described<BuyerKind>(
    'buyerKind',
    { enum: [...BUYER_KINDS] },
    (value) => (BUYER_KINDS as readonly unknown[]).includes(value) || BILLING_MESSAGES.buyerKind,
  ),
  legalName: text('legalName', BILLING_LIMITS.legalName, BILLING_MESSAGES.legalName, true),
  billingAddress: text(
    'billingAddress',
    BILLING_LIMITS.billingAddress,
    BILLING_MESSAGES.billingAddress,
    true,
  ),
  poNumber: optional(text('poNumber', BILLING_LIMITS.poNumber, BILLING_MESSAGES.poNumber, false)),
  taxId: optional(text('taxId', BILLING_LIMITS.taxId, BILLING_MESSAGES.taxId, false)),
});
export type BuyerDetails = Infer<typeof BuyerDetails>;

/** What requesting an invoice answers: where it can be paid online, when it is due, and if live. */
export const InvoiceRequested = object({
  /** Stripe's page of the invoice (pay online or download it); null if Stripe gave none. */
  invoiceUrl: nullable(string()),
  dueOn: string(),
  published: enums(['now', 'on_payment']),
  message: string(),
});
export type InvoiceRequested = Infer<typeof InvoiceRequested>;

/** An admin's record of a check or a bank transfer received. */
export const OfflinePayment = object({
  method: described<OfflineMethod>(
    'method',
    { enum: [...OFFLINE_METHODS] },
    (value) =>
      (OFFLINE_METHODS as readonly unknown[]).includes(value) || BILLING_MESSAGES.offlineMethod,
  ),
  reference: text(
    'reference',
    BILLING_LIMITS.offlineReference,
    BILLING_MESSAGES.offlineReference,
    true,
  ),
  amountCents: described<number>(
    'amountCents',
    { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    (value) =>
      (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647) ||
      BILLING_MESSAGES.offlineAmount,
  ),
  receivedOn: described<string>(
    'receivedOn',
    { type: 'string', format: 'date' },
    (value) =>
      (typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) ||
      BILLING_MESSAGES.offlineReceivedOn,
  ),
});
export type OfflinePayment = Infer<typeof OfflinePayment>;

/** What recording an offline payment answers: the payment's receipt number and the live job. */
export const OfflinePaymentRecorded = object({
  paymentId: string(),
  jobId: nullable(string()),
});
export type OfflinePaymentRecorded = Infer<typeof OfflinePaymentRecorded>;

// ---- the admins' settings of billing ------------------------------------------------------------

const MAX_PRICE_CENTS = 10_000_000;
const TierPrice = described<number | null>(
  'tierPrice',
  { type: ['integer', 'null'], minimum: 0, maximum: MAX_PRICE_CENTS },
  (value) =>
    value === null ||
    (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_PRICE_CENTS) ||
    BILLING_MESSAGES.tierPrice,
);
/** A tier's price for each kind of buyer, in cents; null: the tier's list price. */
const KindPrices = object({ nonprofit: TierPrice, business: TierPrice });
export type KindPrices = { nonprofit: number | null; business: number | null };
export const TierPrices = object({
  basic: KindPrices,
  featured: KindPrices,
});
export type TierPrices = Record<ListingTierId, KindPrices>;

/** The billing fields of the admins' settings (spread into AdminSettings). */
export const BILLING_SETTING_FIELDS = {
  /** on_payment: a listing billed by invoice goes live once paid; on_approval: at once, Net 30. */
  invoicePublishing: described<InvoicePublishing>(
    'invoicePublishing',
    { enum: [...INVOICE_PUBLISHING] },
    (value) => (INVOICE_PUBLISHING as readonly unknown[]).includes(value),
  ),
  /** The publication as receipts and invoices name the seller. */
  publisherLegalName: text(
    'publisherLegalName',
    BILLING_LIMITS.legalName,
    BILLING_MESSAGES.publisherName,
    false,
  ),
  publisherAddress: text(
    'publisherAddress',
    BILLING_LIMITS.billingAddress,
    BILLING_MESSAGES.publisherAddress,
    false,
  ),
  publisherEin: described<string>(
    'publisherEin',
    { type: 'string', pattern: '^(\\d{2}-\\d{7})?$' },
    (value) =>
      (typeof value === 'string' && (value === '' || EIN_PATTERN.test(value))) ||
      BILLING_MESSAGES.publisherEin,
  ),
  tierPrices: TierPrices,
};

/** Until an admin says otherwise: publish on payment, no seller details, one price per tier. */
export const DEFAULT_BILLING_SETTINGS = {
  invoicePublishing: 'on_payment' as InvoicePublishing,
  publisherLegalName: '',
  publisherAddress: '',
  publisherEin: '',
  tierPrices: {
    basic: { nonprofit: null, business: null },
    featured: { nonprofit: null, business: null },
  } as TierPrices,
};

/**
 * What a tier costs a buyer of this kind (the one home of the price, read by the pay page and
 * charged by the API): the admins' price for the kind, else the tier's list price.
 */
export function tierPriceCents(
  tierId: ListingTierId,
  kind: BuyerKind | null,
  prices: TierPrices,
): number {
  const special = kind ? prices[tierId]?.[kind] : null;
  return special ?? listingTier(tierId).priceCents;
}

/**
 * What a listing owes once its buyer says what kind they are: the kind's price less the discount
 * the listing already has (its promo code's), never below 0. `owedCents` is what it owes at the
 * list price.
 */
export function amountOwedCents(
  tierId: ListingTierId,
  owedCents: number,
  kind: BuyerKind | null,
  prices: TierPrices,
): number {
  const discount = Math.max(0, listingTier(tierId).priceCents - owedCents);
  return Math.max(0, tierPriceCents(tierId, kind, prices) - discount);
}

/** How a price reads on the pay page: '$79 for nonprofits'. */
export const kindPriceText = (cents: number, kind: BuyerKind) =>
  `${formatCents(cents)} for ${kind === 'nonprofit' ? 'nonprofits' : 'businesses'}`;

/** The publication as a receipt or an invoice names the seller (the admins' settings). */
export const ReceiptSeller = object({ legalName: string(), address: string(), ein: string() });
export type ReceiptSeller = Infer<typeof ReceiptSeller>;

/** The organization a receipt or an invoice is billed to, as the buyer gave it. */
export const ReceiptBuyer = object({
  buyerKind: enums(BUYER_KINDS),
  legalName: string(),
  billingAddress: string(),
  poNumber: nullable(string()),
  taxId: nullable(string()),
});
export type ReceiptBuyer = Infer<typeof ReceiptBuyer>;
