/** Paying for a listing: the pay link's page, its checkout and Stripe's deliveries (api/src/payments/). */
import { type Endpoint, PayLinkParams, WebhookReceived } from '../endpoint';
import {
  BuyerDetails,
  INVOICE_DUE_DAYS,
  InvoiceRequested,
  OfflinePayment,
  OfflinePaymentRecorded,
} from '../billing';
import { CheckoutStarted, PayPageView } from '../payments';
import { submissionId } from './params';

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
    "Stripe's signed deliveries: a paid session this site created for a listing, for exactly the amount owed, publishes it; so does invoice.paid for an invoice it sent (or records it paid when the listing went live on approval). Once per event.",
  bodyMediaType: 'application/json',
  response: WebhookReceived,
} as const satisfies Endpoint;
export const payBilling = {
  method: 'PUT',
  path: '/api/pay/:token/billing',
  summary:
    'Saves whom the listing is billed to (nonprofit or business, legal name, billing address, optional PO number and tax id) for its receipt and invoice, and answers the pay page with the amount due for that kind of buyer.',
  params: PayLinkParams,
  body: BuyerDetails,
  response: PayPageView,
} as const satisfies Endpoint;
export const payInvoice = {
  method: 'POST',
  path: '/api/pay/:token/invoice',
  summary: `Bills the listing by a Stripe invoice (sent by e-mail, due in ${INVOICE_DUE_DAYS} days) to the organization given; the listing goes live now or once paid, as the admins set. 409 once an invoice was sent; 503 while Stripe cannot be reached.`,
  params: PayLinkParams,
  body: BuyerDetails,
  response: InvoiceRequested,
} as const satisfies Endpoint;
export const recordOfflinePayment = {
  method: 'POST',
  path: '/api/admin/submissions/:id/offline-payment',
  summary:
    "Records a check or a bank transfer received for the listing (its reference, amount and date), with or without Stripe: the payment is paid and the listing live (at once, or already on an unpaid invoice); in the listing's history.",
  ...submissionId,
  body: OfflinePayment,
  response: OfflinePaymentRecorded,
} as const satisfies Endpoint;
