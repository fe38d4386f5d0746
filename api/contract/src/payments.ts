import {
  boolean,
  enums,
  integer,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from 'superstruct';
import { formatCents } from './money';
import { ReceiptBuyer } from './billing';

/** What the pay page (/pay/{token}) shows: the listing, the tier and what is owed. */
export const PayPageView = object({
  title: string(),
  organization: string(),
  tierId: enums(['basic', 'featured']),
  tierName: string(),
  tierDuration: string(),
  /** The tier's list price and the amount due, in cents; the difference is the discount. */
  listPriceCents: integer(),
  amountCents: integer(),
  promoCode: nullable(string()),
  /**
   * True when the promo code's last redemption went to another listing before this one was
   * paid: its discount no longer applies (PAY_MESSAGES.promoUsedUp).
   */
  promoCodeUsedUp: boolean(),
  /** approved: can pay; paid: already paid and live. */
  status: enums(['approved', 'paid']),
  /** The live job once paid. */
  jobId: nullable(string()),
  /** False when the site has no Stripe keys: the page says payments are not set up. */
  paymentsConfigured: boolean(),
  /** When this link stops working for paying (ISO 8601); an admin can issue a new one. */
  linkExpiresAt: nullable(string()),
  /** What is due for each kind of buyer (billing.ts amountOwedCents; equal when no kind price). */
  amountByKind: optional(object({ nonprofit: integer(), business: integer() })),
  /** Whom the listing is billed to, once the buyer has said (PUT .../billing or the invoice). */
  billing: optional(nullable(ReceiptBuyer)),
  /** The invoice sent for it, unpaid or paid: its due date and Stripe's page of it. */
  invoice: optional(
    nullable(object({ dueOn: string(), url: nullable(string()), paid: boolean() })),
  ),
});
export type PayPageView = Infer<typeof PayPageView>;

export const CheckoutStarted = object({ url: string() });
export type CheckoutStarted = Infer<typeof CheckoutStarted>;

/**
 * What the pay link's checkout answers when no payment can start, shown as it is by the pay page.
 * `unreachable` (503) when Stripe cannot be reached or fails: nothing was charged, and trying
 * again later works once Stripe is back.
 */
export const PAYMENT_MESSAGES = {
  notSetUp: 'Online payment is not set up yet. Our team will contact you about payment.',
  unreachable: 'The payment service could not be reached. Please try again in a few minutes.',
} as const;

/** How a payment link looks in a URL: 32 random bytes, base64url. */
export const PAYMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A payment link works this long after it is issued (on approval, or by an admin's "Generate
 * Payment Link", which replaces the earlier link). Stripe's own Checkout page lives 24 hours.
 */
export const PAYMENT_LINK_TTL_DAYS = 14;

/** What the pay link's API answers (and the pay page shows) when it cannot be used to pay. */
export const PAY_LINK_MESSAGES = {
  invalid: 'This payment link is not valid.',
  noLongerValid: 'This payment link is no longer valid.',
  expired: (jobsEmail: string) =>
    `This payment link has expired. Write to ${jobsEmail} for a new one.`,
  /** An admin withdrew the listing's pay links ('Revoke links'). */
  revoked: (jobsEmail: string) =>
    `This payment link has been withdrawn by our team. Write to ${jobsEmail} for a new one.`,
  alreadyPaid: 'This listing is already paid for.',
  /** Checkout refused once so that the employer sees the new amount before paying it. */
  promoUsedUp: (code: string, amountCents: number) =>
    `The promo code ${code} has been fully redeemed by other listings, so its discount no longer applies: the amount due is now ${formatCents(amountCents)}. Please check the amount and press Pay again.`,
} as const;
