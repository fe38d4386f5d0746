import { MAX_AMOUNT_CENTS } from '@jobboard/contract/admin';
import { listingTier } from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import { discountedCents } from '../promo-codes';
import type { PaymentsContext } from './payments-service';
import type { SubmissionRow } from '../submissions';

type PromoContext = Pick<PaymentsContext, 'submissions' | 'promoCodes'>;

export type PromoSettlement =
  | { outcome: 'nothing-to-count' }
  | { outcome: 'redeemed' }
  | { outcome: 'used-up'; code: string; amountCents: number };

/**
 * Right before a listing is charged (its Checkout Session is created), count its promo code once.
 * When the code's last redemption went to another listing first, the discount the code gives is
 * added back to the amount (whatever else an admin changed in it stays), the change is recorded
 * in the submission's history, and the caller must show the employer the new amount before
 * charging it. Call inside a transaction that holds the submission (`submissions.load` with lock).
 */
export async function settlePromoBeforeCharge(
  { submissions, promoCodes }: PromoContext,
  trx: Knex.Transaction,
  submission: SubmissionRow,
  now: Date,
): Promise<PromoSettlement> {
  if (submission.promo_code_id === null || submission.promo_redemption !== null) {
    return { outcome: 'nothing-to-count' };
  }
  if (await promoCodes.redeem(trx, submission.promo_code_id)) {
    await submissions.update(trx, submission.id, { promo_redemption: 'redeemed' });
    return { outcome: 'redeemed' };
  }
  const promo = await promoCodes.find(trx, submission.promo_code_id);
  const listPrice = listingTier(submission.listing_type).priceCents;
  const discount = promo ? listPrice - discountedCents(listPrice, promo) : 0;
  const amountCents = Math.min(MAX_AMOUNT_CENTS, submission.amount_cents + discount);
  await submissions.update(trx, submission.id, {
    amount_cents: amountCents,
    promo_redemption: 'used_up',
    updated_at: now.getTime(),
  });
  const code = submission.promo_code ?? promo?.code ?? '';
  await submissions.recordEvent(trx, {
    submissionId: submission.id,
    from: submission.status,
    to: submission.status,
    actor: 'system',
    note: `Promo code ${code} was used up by other listings before this one was paid: its discount no longer applies; amount changed from ${submission.amount_cents} to ${amountCents} cents`,
    at: now,
  });
  return { outcome: 'used-up', code, amountCents };
}

/**
 * When a payment is recorded without a checkout of ours before it (by hand, or a session created
 * before promo codes were counted at checkout): count the code if it was not counted yet. The
 * payment is made, so its amount stands; a code used up meanwhile is just not counted again.
 */
export async function countPromoAtPayment(
  { submissions, promoCodes }: PromoContext,
  trx: Knex.Transaction,
  submission: SubmissionRow,
): Promise<void> {
  if (submission.promo_code_id === null || submission.promo_redemption !== null) return;
  const counted = await promoCodes.redeem(trx, submission.promo_code_id);
  await submissions.update(trx, submission.id, {
    promo_redemption: counted ? 'redeemed' : 'used_up',
  });
}
