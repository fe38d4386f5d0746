import { isoDate } from '@jobboard/contract/common';
import type { UnpaidInvoice } from '@jobboard/contract/payments';
import type { PaymentRow } from '../payment-rows';

/**
 * Whether a listing is live on an invoice not yet paid (issue 47, "publish on approval"), from its
 * payment rows: the one home of that answer, for the admin's card and the employer's listing.
 * Its stored status stays 'paid' (live: the board, renewals and the rest rely on that); what is
 * shown is derived here, from the invoice's row, which stays 'invoiced' until Stripe's
 * `invoice.paid` or an admin's record of a check or transfer settles it.
 */
export function unpaidInvoiceOf(
  submissionStatus: string,
  payments: readonly Pick<
    PaymentRow,
    'status' | 'stripe_invoice_id' | 'invoice_due_at' | 'invoice_url'
  >[],
): UnpaidInvoice | null {
  if (submissionStatus !== 'paid') return null;
  const invoice = [...payments]
    .reverse()
    .find(
      (row) => row.status === 'invoiced' && row.stripe_invoice_id && row.invoice_due_at != null,
    );
  return invoice
    ? { dueOn: isoDate(new Date(Number(invoice.invoice_due_at))), url: invoice.invoice_url ?? null }
    : null;
}
