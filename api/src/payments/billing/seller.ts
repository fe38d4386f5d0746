import type { ReceiptSeller } from '@jobboard/contract/payments';
import type { PaymentsContext } from '../payments-service';

/** The publication as its receipts and invoices name it (the admins' settings). */
export async function sellerOf(
  context: Pick<PaymentsContext, 'settings' | 'db'>,
): Promise<ReceiptSeller> {
  const settings = await context.settings.all(context.db);
  return {
    legalName: settings.publisherLegalName,
    address: settings.publisherAddress,
    ein: settings.publisherEin,
  };
}
