import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** One submission (the job page's link back to it); null: not asked for. */
export function useSubmission(id: string | null) {
  return useSWR(id ? endpointKey(ENDPOINTS.submission, { params: { id } }) : null, () =>
    apiFetch(ENDPOINTS.submission, { params: { id: id! } }),
  );
}
