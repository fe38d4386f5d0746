import { errorMessage, toast } from '@jobboard/shared-ui';
import { useNavigate } from '@jobboard/shared-ui/router';
import { useSWRConfig } from 'swr';
import { checkAuthKey } from '../api/check-auth';
import { useLogout } from '../api/logout';
import { AUTH_TEXT } from '../messages';

/** Logout (docs/product.md#validation and docs/product.md#errors): to the login page, then the session is forgotten, with a toast. */
export function useSignOut() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { trigger } = useLogout();
  return async () => {
    try {
      await trigger();
      // Leave the guarded pages first, so forgetting the session does not read as "not signed in".
      navigate('/admin/login', { replace: true });
      await mutate(checkAuthKey, null, { revalidate: false });
      toast(AUTH_TEXT.loggedOut);
    } catch (error) {
      toast({
        title: AUTH_TEXT.logoutFailed.title,
        description: errorMessage(error, AUTH_TEXT.logoutFailed.fallback),
        variant: 'destructive',
      });
    }
  };
}
