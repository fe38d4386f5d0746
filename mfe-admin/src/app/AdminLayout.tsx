import { Button } from '@jobboard/shared-ui';
import { NavLink, Outlet } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { AUTH_TEXT } from '../features/auth/messages';
import { Page } from '../lib/ui';
import { ADMIN_NAV } from './messages';

/** The signed-in admin area: its own navigation (with the one Logout button), then the page. */
export function AdminLayout() {
  const signOut = useSignOut();
  return (
    <Page>
      <Bar aria-label="Admin">
        <NavLink to="/admin/dashboard">{ADMIN_NAV.jobs}</NavLink>
        <NavLink to="/admin/submissions">{ADMIN_NAV.submissions}</NavLink>
        <NavLink to="/admin/proposals">{ADMIN_NAV.proposals}</NavLink>
        <NavLink to="/admin/reports">{ADMIN_NAV.reports}</NavLink>
        <NavLink to="/admin/promo-codes">{ADMIN_NAV.promoCodes}</NavLink>
        <NavLink to="/admin/emails">{ADMIN_NAV.emails}</NavLink>
        <NavLink to="/admin/newsletter">{ADMIN_NAV.newsletter}</NavLink>
        <NavLink to="/admin/channels">{ADMIN_NAV.channels}</NavLink>
        <NavLink to="/admin/still-hiring">{ADMIN_NAV.stillHiring}</NavLink>
        <NavLink to="/admin/organizations">{ADMIN_NAV.organizations}</NavLink>
        <NavLink to="/admin/api-keys">{ADMIN_NAV.apiKeys}</NavLink>
        <NavLink to="/admin/security">{ADMIN_NAV.security}</NavLink>
        <Spacer />
        <Button $variant="secondary" $size="sm" onClick={signOut}>
          {AUTH_TEXT.logout}
        </Button>
      </Bar>
      <Outlet />
    </Page>
  );
}

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding-bottom: ${({ theme }) => theme.space.sm};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a {
    font-weight: 600;
    text-decoration: none;
    color: ${({ theme }) => theme.colors.text};
  }
  a.active {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
  }
`;

const Spacer = styled.span`
  flex: 1;
`;
