import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const jobHistoryKey = (id: string) => endpointKey(ENDPOINTS.jobHistory, { params: { id } });

/** A job's timeline, fetched each time its page opens. */
export function useJobHistory(id: string) {
  return useSWR(
    id ? jobHistoryKey(id) : null,
    () => apiFetch(ENDPOINTS.jobHistory, { params: { id } }),
    { revalidateOnMount: true },
  );
}
