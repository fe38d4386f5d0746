import type { SiteConfig } from '@jobboard/contract/site';
import { media } from '@jobboard/shared-ui';
import { NavLink } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useSite } from '../app/site-context';
import { MemberMenu } from './MemberMenu';
import { useMenuStore } from './menu-store';
import { navLinkStyle } from './nav-link-style';

/**
 * The site header (docs/product.md#audience): Jobs, Submit Job, Resources (external), My Bookmarks, Subscribe
 * (external), and member sign-in when a Ghost site is configured. The current item is marked; on
 * small screens the menu toggles and closes when a link is followed.
 */
export function Header() {
  const site = useSite();
  const open = useMenuStore((s) => s.open);
  const toggle = useMenuStore((s) => s.toggle);
  const close = useMenuStore((s) => s.close);
  return (
    <Bar>
      <Inner>
        <Brand to="/" onClick={close}>
          {site.boardName}
        </Brand>
        <MenuButton
          type="button"
          aria-expanded={open}
          aria-controls="site-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={toggle}
        >
          <span aria-hidden="true">{open ? '×' : '☰'}</span>
        </MenuButton>
        <Nav id="site-nav" aria-label="Main" $open={open}>
          {menuLinks(site).map((link) => (
            <MenuLink key={link.label} link={link} onFollow={close} />
          ))}
          {site.membershipUrl && <MemberMenu membershipUrl={site.membershipUrl} onFollow={close} />}
        </Nav>
      </Inner>
    </Bar>
  );
}

type MenuEntry =
  | { label: string; to: string; end?: boolean }
  | { label: string; href: string; prominent?: boolean };

/** The menu in its order: the board's own pages, and the publication's (Resources, Subscribe). */
function menuLinks(site: SiteConfig): MenuEntry[] {
  return [
    { label: 'Jobs', to: '/', end: true },
    { label: 'Submit Job', to: '/submit-job' },
    { label: 'Resources', href: site.resourcesUrl },
    { label: 'My Bookmarks', to: '/bookmarks' },
    { label: 'Subscribe', href: site.subscribeUrl, prominent: true },
  ];
}

/** One entry: a page of the board (marked when current) or of the publication (a new tab). */
function MenuLink({ link, onFollow }: { link: MenuEntry; onFollow(): void }) {
  if ('to' in link) {
    return (
      <Item to={link.to} end={link.end} onClick={onFollow}>
        {link.label}
      </Item>
    );
  }
  const Publication = link.prominent ? Subscribe : External;
  return (
    <Publication href={link.href} onClick={onFollow}>
      {link.label}
    </Publication>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.header};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
`;

const Brand = styled(NavLink)`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.4rem;
  cursor: pointer;
  ${media.md} {
    display: none;
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  width: 100%;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} 0;
  ${media.md} {
    display: flex;
    flex-direction: row;
    align-items: center;
    width: auto;
    padding: 0;
  }
`;

const Item = styled(NavLink)`
  ${navLinkStyle}
  &.active {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

/** The publication's own pages (Resources, Subscribe): a new tab, which cannot reach back to this one. */
const External = styled.a.attrs({ target: '_blank', rel: 'noopener noreferrer' })`
  ${navLinkStyle}
`;

const Subscribe = styled(External)`
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.textInverse};
  text-align: center;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
`;
