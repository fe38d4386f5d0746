import type { BuyerKind, ReceiptBuyer } from '@jobboard/contract/payments';
import type { Db } from '../../platform/db/knex';

/** A listing's `billing_details` row (migration 20261201030000). */
interface BillingRow {
  submission_id: number;
  buyer_kind: BuyerKind;
  legal_name: string;
  billing_address: string;
  po_number: string | null;
  tax_id: string | null;
  list_owed_cents: number;
  updated_at: number;
}

/** Whom a listing is billed to, with what it owed at the list price when that was first said. */
export interface BillingDetails extends ReceiptBuyer {
  listOwedCents: number;
}

/** The `billing_details` table: the only code that reads or writes it. */
export class BillingRepository {
  async of(db: Db, submissionId: number): Promise<BillingDetails | undefined> {
    const row = await db<BillingRow>('billing_details')
      .where({ submission_id: submissionId })
      .first();
    return (
      row && {
        buyerKind: row.buyer_kind,
        legalName: row.legal_name,
        billingAddress: row.billing_address,
        poNumber: row.po_number,
        taxId: row.tax_id,
        listOwedCents: Number(row.list_owed_cents),
      }
    );
  }

  /** Save (or replace) whom the listing is billed to. */
  async save(db: Db, submissionId: number, details: BillingDetails, now: Date): Promise<void> {
    await db('billing_details')
      .insert({
        submission_id: submissionId,
        buyer_kind: details.buyerKind,
        legal_name: details.legalName,
        billing_address: details.billingAddress,
        po_number: details.poNumber,
        tax_id: details.taxId,
        list_owed_cents: details.listOwedCents,
        updated_at: now.getTime(),
      })
      .onConflict('submission_id')
      .merge();
  }
}
