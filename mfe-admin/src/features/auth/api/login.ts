import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { AdminLogin } from '@jobboard/contract/admin';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { checkAuthKey } from './check-auth';

export const login = (credentials: AdminLogin) => apiFetch(ENDPOINTS.login, { body: credentials });

/** Sign in; the session check is fetched again, so the guarded pages see the new session. */
export function useLogin() {
  return useMutation(checkAuthKey, (_key: string, { arg }: { arg: AdminLogin }) => login(arg));
}
