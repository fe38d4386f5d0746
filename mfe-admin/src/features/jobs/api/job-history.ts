import { ENDPOINTS, endpointPath, type HistoryEntry } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const jobHistoryKey = (id: string) => endpointPath(ENDPOINTS.jobHistory, { id });

/** A job's timeline, fetched each time its page opens. */
export function useJobHistory(id: string) {
  return useSWR(id ? jobHistoryKey(id) : null, (url: string) => apiFetch<HistoryEntry[]>(url), {
    revalidateOnMount: true,
  });
}
