import { listingTier, type PayPageView } from '@jobboard/contract';
import type { SubmissionRow } from '../submissions/submission-row';

/** What the employer's pay page shows for a submission. */
export function payPageView(submission: SubmissionRow, paymentsConfigured: boolean): PayPageView {
  const tier = listingTier(submission.listing_type);
  const expiresAt = submission.payment_token_expires_at;
  return {
    title: submission.title,
    organization: submission.organization,
    tierId: tier.id,
    tierName: tier.name,
    tierDuration: tier.duration,
    listPriceCents: tier.priceCents,
    amountCents: submission.amount_cents,
    promoCode: submission.promo_code,
    promoCodeUsedUp: submission.promo_redemption === 'used_up',
    status: submission.status === 'paid' ? 'paid' : 'approved',
    jobId: submission.job_id === null ? null : String(submission.job_id),
    paymentsConfigured,
    linkExpiresAt: expiresAt === null ? null : new Date(Number(expiresAt)).toISOString(),
  };
}
