import type { ListingTier } from '@jobboard/contract/submissions';
import { formatUsd } from '@jobboard/shared-ui';
import styled from 'styled-components';

/** A tier's name, price, duration and features (docs/product.md#entities), from the contract's LISTING_TIERS. */
export function TierDetails({ tier }: { tier: ListingTier }) {
  return (
    <>
      <Name>{tier.name}</Name>
      <Price>
        {formatUsd(tier.price)} <span>/ {tier.duration}</span>
      </Price>
      <Features>
        {tier.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </Features>
    </>
  );
}

const Name = styled.span`
  display: block;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Price = styled.span`
  display: block;
  margin: ${({ theme }) => theme.space.xs} 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  span {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Features = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
