import { LISTING_TIERS } from '@jobboard/contract/submissions';
import { Card } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { SUBMIT_TEXT } from '../messages';
import { TierDetails } from './TierCard';

export function Pricing() {
  return (
    <section aria-labelledby="pricing">
      <h2 id="pricing">{SUBMIT_TEXT.pricing}</h2>
      <Grid>
        {LISTING_TIERS.map((tier) => (
          <Card key={tier.id} as="div">
            <TierDetails tier={tier} />
          </Card>
        ))}
      </Grid>
    </section>
  );
}

export const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
`;
