import { ENDPOINTS } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export interface AuthState {
  authenticated: true;
  username: string;
}

export const checkAuthKey = ENDPOINTS.checkAuth.path;

/** The session check; null when signed out (401), an error when the check itself fails. */
export const checkAuth = () => apiFetch<AuthState | null>(checkAuthKey, { nullOn401: true });

export function useCheckAuth() {
  return useSWR(checkAuthKey, checkAuth);
}
