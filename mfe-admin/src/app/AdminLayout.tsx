import { Button, errorMessage, toast } from '@jobboard/shared-ui';
import { NavLink, Outlet, useNavigate } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { checkAuthKey } from '../features/auth/api/check-auth';
import { logout } from '../features/auth/api/logout';
import { Page } from '../lib/ui';

/** The signed-in admin area: its own navigation, then the page. */
export function AdminLayout() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const signOut = async () => {
    try {
      await logout();
      // Leave the guarded pages first, so forgetting the session does not read as "not signed in".
      navigate('/admin/login', { replace: true });
      await mutate(checkAuthKey, null, { revalidate: false });
      toast({ title: 'Logged out', description: 'You have been logged out successfully' });
    } catch (error) {
      toast({
        title: 'Failed to logout',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Page>
      <Bar aria-label="Admin">
        <NavLink to="/admin/dashboard">Jobs</NavLink>
        <NavLink to="/admin/submissions">Submissions</NavLink>
        <NavLink to="/admin/promo-codes">Promo codes</NavLink>
        <Spacer />
        <Button $variant="secondary" $size="sm" onClick={signOut}>
          Logout
        </Button>
      </Bar>
      <Outlet context={{ signOut }} />
    </Page>
  );
}

export interface AdminOutletContext {
  signOut(): Promise<void>;
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
