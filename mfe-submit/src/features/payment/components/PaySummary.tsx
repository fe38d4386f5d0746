import type { PayPageView } from '@jobboard/contract/payments';
import { formatCents } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { PAY_MESSAGES } from '../messages';

/** The listing, its tier, and what is owed after any promo code. */
export function PaySummary({ view }: { view: PayPageView }) {
  const discount = view.listPriceCents - view.amountCents;
  return (
    <Summary>
      <dt>Job</dt>
      <dd>
        {view.title} at {view.organization}
      </dd>
      <dt>Listing</dt>
      <dd>
        {view.tierName} ({view.tierDuration})
      </dd>
      <dt>Price</dt>
      <dd>{formatCents(view.listPriceCents)}</dd>
      {view.promoCodeUsedUp ? (
        <>
          <dt>Promo code {view.promoCode}</dt>
          <dd>{PAY_MESSAGES.promoUsedUp}</dd>
        </>
      ) : (
        discount > 0 && (
          <>
            <dt>Promo code{view.promoCode ? ` ${view.promoCode}` : ''}</dt>
            <dd>-{formatCents(discount)}</dd>
          </>
        )
      )}
      <Total>Amount due</Total>
      <Total as="dd" data-testid="amount-due">
        {formatCents(view.amountCents)}
      </Total>
    </Summary>
  );
}

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const Total = styled.dt`
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.text} !important;
`;
