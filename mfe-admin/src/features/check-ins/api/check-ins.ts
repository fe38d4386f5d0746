import type { AdminSettingsUpdate } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The admins' settings, the check-ins' among them (the same cache entry as the other pages'). */
export function useSettings() {
  return useSWR(endpointKey(ENDPOINTS.adminSettings), () => apiFetch(ENDPOINTS.adminSettings));
}

export const updateSettings = (update: AdminSettingsUpdate) =>
  apiFetch(ENDPOINTS.updateSettings, { body: update });

/** The jobs list's view of the flagged listings: what the count and its link show. */
const UNANSWERED = { checkIn: 'unanswered', pageSize: 1 } as const;

/** How many listings have an unanswered check-in (the jobs list answers the count). */
export function useUnansweredCount() {
  return useSWR(endpointKey(ENDPOINTS.adminJobPage, { query: UNANSWERED }), async () => {
    const page = await apiFetch(ENDPOINTS.adminJobPage, { query: UNANSWERED });
    return page.unansweredCheckIns ?? page.total;
  });
}
