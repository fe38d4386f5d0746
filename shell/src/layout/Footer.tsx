import { LEGAL_PAGES, matchRoute, type RouteTable } from '@jobboard/contract/site';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useSite } from '../app/site-context';

/**
 * Social link, the "a thing of" line, where to write with questions (docs/product.md#audience),
 * and the legal pages: each linked once a live remote declares its route, so a shell released
 * before the board that draws them never links to its own 404.
 */
export function Footer({ routes }: { routes: RouteTable }) {
  const site = useSite();
  const legal = LEGAL_PAGES.filter((page) => matchRoute(routes, page.path));
  return (
    <Bar>
      <Inner>
        {legal.length > 0 && (
          <Legal aria-label="Legal">
            {legal.map((page) => (
              <Link key={page.slug} to={page.path}>
                {page.link}
              </Link>
            ))}
          </Legal>
        )}
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

const Legal = styled.nav`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.sm};
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
