import styled from 'styled-components';
import { useSite } from '../app/site-context';

/** Social link, the "a thing of" line, and where to write with questions (docs/product.md#audience). */
export function Footer() {
  const site = useSite();
  return (
    <Bar>
      <Inner>
        <a href={site.socialUrl} target="_blank" rel="noopener noreferrer">
          {site.socialLabel}
        </a>
        <p>
          {site.boardName} is a thing of {site.providerName}.
        </p>
        <p>
          Questions? Email us at <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
        </p>
      </Inner>
    </Bar>
  );
}

const Bar = styled.footer`
  margin-top: ${({ theme }) => theme.space.xxl};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: ${({ theme }) => theme.space.xs} 0;
  }
`;
