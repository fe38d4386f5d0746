import { Spinner, toast } from '@jobboard/shared-ui';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@jobboard/shared-ui/router';
import { useCheckAuth } from '../api/check-auth';
import { AUTH_TEXT } from '../messages';

/**
 * Admin screens render only for a signed-in admin. When the check fails or errors, the admin is
 * sent to the login page with the toast of docs/product.md#roles and 8.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data, error, isLoading } = useCheckAuth();
  const navigate = useNavigate();
  const signedOut = !isLoading && (error || !data);

  useEffect(() => {
    if (!signedOut) return;
    toast({ ...AUTH_TEXT.signedOut, variant: 'destructive' });
    navigate('/admin/login', { replace: true });
  }, [signedOut, navigate]);

  if (isLoading || signedOut) return <Spinner label={AUTH_TEXT.checkingSession} hideLabel />;
  return <>{children}</>;
}
