import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const checkAuthKey = endpointKey(ENDPOINTS.checkAuth);

/** The session check; null when signed out (401), an error when the check itself fails. */
export const checkAuth = () => apiFetch(ENDPOINTS.checkAuth, { nullOn401: true });

export function useCheckAuth() {
  return useSWR(checkAuthKey, checkAuth);
}
