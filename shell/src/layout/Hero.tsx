import { HERO_TAGLINE } from '@jobboard/contract/site';
import styled from 'styled-components';
import { useSite } from '../app/site-context';

/** The board home's title and tagline (docs/product.md#audience). */
export function Hero() {
  const site = useSite();
  return (
    <Banner>
      <h1>{site.boardName}</h1>
      <p>{HERO_TAGLINE}</p>
    </Banner>
  );
}

const Banner = styled.div`
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  text-align: center;
  background: ${({ theme }) => theme.colors.primarySoft};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  p {
    margin: 0 auto;
    max-width: 40rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
