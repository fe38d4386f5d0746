import { amountOwedCents, type BuyerDetails, type ReceiptBuyer } from '@jobboard/contract/payments';
import { formatCents } from '@jobboard/contract/common';
import type { Knex } from 'knex';
import { Conflict } from '../../platform/domain-errors';
import { PAY_LINK_MESSAGES } from '@jobboard/contract/payments';
import type { PaymentsContext } from '../payments-service';
import type { SubmissionRow } from '../../submissions';

/** A text the buyer may leave empty: null then. */
const given = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/**
 * Save whom the listing is billed to, in the caller's transaction, and charge the price for the
 * buyer's kind (nonprofit or business, the admins' tierPrices; billing.ts amountOwedCents): the
 * listing's amount changes when it differs, with an entry in its history, and its open Checkout
 * Sessions are marked to expire (a session for the old amount must not be paid). The price is
 * taken from what the listing owed at the list price when its buyer first said their kind, so
 * saying it again (or changing it) never applies a discount twice.
 */
export async function saveBuyer(
  trx: Knex.Transaction,
  linked: SubmissionRow,
  input: BuyerDetails,
  context: Pick<PaymentsContext, 'billing' | 'settings' | 'submissions' | 'payments' | 'now'>,
): Promise<ReceiptBuyer> {
  const { now } = context;
  const submission = await context.submissions.load(trx, linked.id, true);
  if (!submission || submission.status === 'paid')
    throw new Conflict(PAY_LINK_MESSAGES.alreadyPaid);
  const before = await context.billing.of(trx, submission.id);
  const buyer: ReceiptBuyer = {
    buyerKind: input.buyerKind,
    legalName: input.legalName.trim(),
    billingAddress: input.billingAddress.trim(),
    poNumber: given(input.poNumber),
    taxId: given(input.taxId),
  };
  const listOwedCents = before?.listOwedCents ?? Number(submission.amount_cents);
  await context.billing.save(trx, submission.id, { ...buyer, listOwedCents }, now);
  const { tierPrices } = await context.settings.all(trx);
  const owed = amountOwedCents(submission.listing_type, listOwedCents, buyer.buyerKind, tierPrices);
  if (owed !== Number(submission.amount_cents)) {
    await context.submissions.update(trx, submission.id, {
      amount_cents: owed,
      updated_at: now.getTime(),
    });
    await context.submissions.recordEvent(trx, {
      submissionId: submission.id,
      from: submission.status,
      to: submission.status,
      actor: 'employer',
      note: `Amount due ${formatCents(owed)}: the ${buyer.buyerKind} price`,
      at: now,
    });
    await context.payments.markOpenSessionsToExpire(trx, submission.id);
  }
  return buyer;
}
