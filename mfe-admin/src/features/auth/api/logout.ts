import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { checkAuthKey } from './check-auth';

export const logout = () => apiFetch(ENDPOINTS.logout);

/**
 * End the session. The session check is left as it is (no refetch): the caller leaves the guarded
 * pages first and then forgets the session, so signing out does not read as "not signed in".
 */
export function useLogout() {
  return useMutation(checkAuthKey, () => logout(), { revalidate: false });
}
