import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const adminStatsKey = endpointKey(ENDPOINTS.adminStats);

/** The dashboard's numbers, fetched whenever the dashboard opens. */
export function useAdminStats() {
  return useSWR(adminStatsKey, () => apiFetch(ENDPOINTS.adminStats), {
    revalidateOnMount: true,
  });
}
