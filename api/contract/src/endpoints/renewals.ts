/** Renewing a listing from its renewal link (api/src/renewals/). */
import { type Endpoint, PayLinkParams } from '../endpoint';
import { CheckoutStarted } from '../payments';
import {
  RENEWAL_LINK_TTL_DAYS,
  RENEWAL_WINDOW,
  RenewalPageView,
  RenewalSessionParams,
  RenewalStatus,
} from '../renewals';

export const renewalPage = {
  method: 'GET',
  path: '/api/renewals/:token',
  summary: `What a renewal link's page shows: the listing, its current and new end and the tier's price, or why it cannot be renewed now (from ${RENEWAL_WINDOW.daysBeforeEnd} days before its end to ${RENEWAL_WINDOW.daysAfterEnd} days after); 410 once the link is ${RENEWAL_LINK_TTL_DAYS} days old.`,
  params: PayLinkParams,
  response: RenewalPageView,
} as const satisfies Endpoint;
export const renewalCheckout = {
  method: 'POST',
  path: '/api/renewals/:token/checkout',
  summary:
    "Starts a Stripe Checkout Session for the renewal at the tier's price and answers its URL; 409 with the reason when the listing cannot be renewed now, 410 once the link has expired, 503 while Stripe cannot be reached.",
  params: PayLinkParams,
  response: CheckoutStarted,
} as const satisfies Endpoint;
export const renewalStatus = {
  method: 'GET',
  path: '/api/renewals/:token/sessions/:sessionId',
  summary:
    "The renewal page's return: whether the payment of that Checkout Session has arrived, and the listing's end now.",
  params: RenewalSessionParams,
  response: RenewalStatus,
} as const satisfies Endpoint;
