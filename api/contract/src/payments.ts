import { boolean, enums, integer, nullable, object, string, type Infer } from 'superstruct';

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
  /** approved: can pay; paid: already paid and live. */
  status: enums(['approved', 'paid']),
  /** The live job once paid. */
  jobId: nullable(string()),
  /** False when the site has no Stripe keys: the page says payments are not set up. */
  paymentsConfigured: boolean(),
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
