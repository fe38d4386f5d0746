import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const adminJobKey = (id: string) => endpointKey(ENDPOINTS.adminJob, { params: { id } });

/** One job for the form and the view; fresh for a minute, like the list. */
export function useAdminJob(id: string | undefined) {
  return useSWR(
    id ? adminJobKey(id) : null,
    () => apiFetch(ENDPOINTS.adminJob, { params: { id: id! } }),
    freshFor(REFRESH.adminJobs),
  );
}
