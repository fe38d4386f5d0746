import { Spinner, toast } from '@jobboard/shared-ui';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from '@jobboard/shared-ui/router';
import { useCheckAuth } from '../api/check-auth';
import { AUTH_TEXT } from '../messages';

/** The page where an admin sets up two-factor sign-in. */
export const SECURITY_PATH = '/admin/security';

/**
 * Admin screens render only for a signed-in admin. When the check fails or errors, the admin is
 * sent to the login page with the toast of docs/product.md#roles and 8. An admin who must set up
 * two-factor sign-in first (ADMIN_2FA=required) sees only the security page.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data, error, isLoading } = useCheckAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedOut = !isLoading && (error || !data);

  useEffect(() => {
    if (!signedOut) return;
    toast({ ...AUTH_TEXT.signedOut, variant: 'destructive' });
    navigate('/admin/login', { replace: true });
  }, [signedOut, navigate]);

  if (isLoading || signedOut) return <Spinner label={AUTH_TEXT.checkingSession} hideLabel />;
  if (data?.enrolRequired && pathname !== SECURITY_PATH) {
    return <Navigate to={SECURITY_PATH} replace />;
  }
  return <>{children}</>;
}
