/**
 * The payments slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export type { PaymentLinkState, PaymentRow } from './payment-rows';
export { hashPaymentToken } from './payment-tokens';
export type { PaymentsService, ResolvedIssue } from './payments-service';
export { CHARGE, amountPaid, chargeProblem, openCheckoutSession } from './stripe-checkout';
export { unpaidInvoiceOf } from './billing/unpaid-invoice';
