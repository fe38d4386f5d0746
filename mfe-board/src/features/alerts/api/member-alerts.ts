import { ENDPOINTS, type MemberAlerts } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const memberAlertsKey = ENDPOINTS.memberAlerts.path;

/** The signed-in member's alerts; null for a visitor who is not signed in (401). */
export const getMemberAlerts = () =>
  apiFetch<MemberAlerts | null>(memberAlertsKey, { nullOn401: true });

/** Asks only when `enabled`: where members can sign in at all. */
export function useMemberAlerts(enabled: boolean) {
  return useSWR(enabled ? memberAlertsKey : null, getMemberAlerts);
}

/** Remove one of the member's alerts (it is unsubscribed); the answer's message to show. */
export const removeMemberAlert = (id: string) =>
  apiFetch(ENDPOINTS.removeMemberAlert, { params: { id } });
