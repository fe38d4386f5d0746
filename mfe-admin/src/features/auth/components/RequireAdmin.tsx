import { Spinner, toast } from '@jobboard/shared-ui';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@jobboard/shared-ui/router';
import { useCheckAuth } from '../api/check-auth';

/**
 * Admin screens render only for a signed-in admin. When the check fails or errors, the admin is
 * sent to the login page with the toast of SPEC.md 6 and 8.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data, error, isLoading } = useCheckAuth();
  const navigate = useNavigate();
  const signedOut = !isLoading && (error || !data);

  useEffect(() => {
    if (!signedOut) return;
    toast({
      title: 'Authentication Error',
      description: 'Please login to access the admin dashboard',
      variant: 'destructive',
    });
    navigate('/admin/login', { replace: true });
  }, [signedOut, navigate]);

  if (isLoading || signedOut) return <Spinner label="Checking your session..." hideLabel />;
  return <>{children}</>;
}
