import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const jobStatsKey = (id: string) => endpointKey(ENDPOINTS.adminJobStats, { params: { id } });

/** A job's views and apply clicks (the last 30 days), fetched each time its page opens. */
export function useJobStats(id: string) {
  return useSWR(
    id ? jobStatsKey(id) : null,
    () => apiFetch(ENDPOINTS.adminJobStats, { params: { id } }),
    { revalidateOnMount: true },
  );
}
