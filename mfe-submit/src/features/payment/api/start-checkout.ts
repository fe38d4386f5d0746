import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** A fresh Stripe Checkout Session for what is owed now; the browser is sent to its URL. */
export const startCheckout = (token: string) =>
  apiFetch(ENDPOINTS.payCheckout, { params: { token } });
