import { type PayPageView } from '@jobboard/contract/payments';
import { listingTier } from '@jobboard/contract/submissions';
import type { PayLink } from './payment-tokens';

/** What the employer's pay page shows for a submission, through one of its pay links. */
export function payPageView(
  { submission, link }: PayLink,
  paymentsConfigured: boolean,
): PayPageView {
  const tier = listingTier(submission.listing_type);
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
    linkExpiresAt: new Date(Number(link.expires_at)).toISOString(),
  };
}
