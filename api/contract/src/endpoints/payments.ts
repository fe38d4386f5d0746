/** Paying for a listing: the pay link's page, its checkout and Stripe's deliveries (api/src/payments/). */
import { type Endpoint, PayLinkParams, WebhookReceived } from '../endpoint';
import { CheckoutStarted, PayPageView } from '../payments';

export const payPage = {
  method: 'GET',
  path: '/api/pay/:token',
  summary:
    "What a pay link's page shows: the listing, its tier, the amount due after any promo code and until when the link works.",
  params: PayLinkParams,
  response: PayPageView,
} as const satisfies Endpoint;
export const payCheckout = {
  method: 'POST',
  path: '/api/pay/:token/checkout',
  summary:
    'Starts a Stripe Checkout Session for the amount owed now and answers its URL; 503 while Stripe cannot be reached.',
  params: PayLinkParams,
  response: CheckoutStarted,
} as const satisfies Endpoint;
/** Its body is Stripe's signed bytes, checked by the signature, not by a struct. */
export const stripeWebhook = {
  method: 'POST',
  path: '/api/stripe/webhook',
  summary:
    "Stripe's signed deliveries: a paid session this site created for a listing, for exactly the amount owed, publishes it (once per event).",
  bodyMediaType: 'application/json',
  response: WebhookReceived,
} as const satisfies Endpoint;
