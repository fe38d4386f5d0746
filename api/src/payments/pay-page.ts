import { amountOwedCents, type PayPageView, type TierPrices } from '@jobboard/contract/payments';
import { isoDate } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import type { BillingDetails } from './billing/billing-repository';
import type { PaymentRow } from './payment-rows';
import type { PayLink } from './payment-tokens';

/** What billing adds to the pay page (issue 47): whom it is billed to, its invoice, the prices. */
export interface PayPageBilling {
  buyer: BillingDetails | undefined;
  invoice: PaymentRow | undefined;
  tierPrices: TierPrices;
}

/** What the employer's pay page shows for a submission, through one of its pay links. */
export function payPageView(
  { submission, link }: PayLink,
  paymentsConfigured: boolean,
  { buyer, invoice, tierPrices }: PayPageBilling,
): PayPageView {
  const tier = listingTier(submission.listing_type);
  // What the listing owed at the list price: the base of either kind's price (billing/buyer.ts).
  const listOwed = buyer?.listOwedCents ?? submission.amount_cents;
  const owedBy = (kind: 'nonprofit' | 'business') =>
    amountOwedCents(tier.id, listOwed, kind, tierPrices);
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
    amountByKind: { nonprofit: owedBy('nonprofit'), business: owedBy('business') },
    billing: buyer
      ? {
          buyerKind: buyer.buyerKind,
          legalName: buyer.legalName,
          billingAddress: buyer.billingAddress,
          poNumber: buyer.poNumber,
          taxId: buyer.taxId,
        }
      : null,
    invoice:
      invoice?.invoice_due_at == null
        ? null
        : {
            dueOn: isoDate(new Date(Number(invoice.invoice_due_at))),
            url: invoice.invoice_url ?? null,
            paid: invoice.status === 'paid',
          },
  };
}
