import { type MemberAlerts } from '@jobboard/contract/alerts';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The signed-in member's alerts; null when their session has ended meanwhile (401). */
export const getMemberAlerts = (): Promise<MemberAlerts | null> =>
  apiFetch(ENDPOINTS.memberAlerts, { nullOn401: true });

/**
 * Asks only for a signed-in member (their e-mail, from the member store), keyed by it so another
 * member signing in on this page reads their own.
 */
export function useMemberAlerts(email: string | undefined) {
  return useSWR(email ? [endpointKey(ENDPOINTS.memberAlerts), email] : null, getMemberAlerts);
}
