import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** A submission's timeline, fetched when it is opened (null: not asked for). */
export function useSubmissionHistory(id: string | null) {
  return useSWR(
    id ? endpointKey(ENDPOINTS.submissionHistory, { params: { id } }) : null,
    () => apiFetch(ENDPOINTS.submissionHistory, { params: { id: id! } }),
    { revalidateOnMount: true },
  );
}
