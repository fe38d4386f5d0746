import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { BuyerDetails } from '@jobboard/contract/payments';
import { apiFetch } from '@jobboard/shared-ui';

/** Whom the listing is billed to (its receipt and invoice), and the price for their kind. */
export const saveBilling = (token: string, body: BuyerDetails) =>
  apiFetch(ENDPOINTS.payBilling, { params: { token }, body });

/** A Stripe invoice for the listing, e-mailed to the contact, due Net 30. */
export const requestInvoice = (token: string, body: BuyerDetails) =>
  apiFetch(ENDPOINTS.payInvoice, { params: { token }, body });
