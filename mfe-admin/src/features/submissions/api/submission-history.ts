import { ENDPOINTS, endpointPath, type HistoryEntry } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** A submission's timeline, fetched when it is opened (null: not asked for). */
export function useSubmissionHistory(id: string | null) {
  return useSWR(
    id ? endpointPath(ENDPOINTS.submissionHistory, { id }) : null,
    (url: string) => apiFetch<HistoryEntry[]>(url),
    { revalidateOnMount: true },
  );
}
