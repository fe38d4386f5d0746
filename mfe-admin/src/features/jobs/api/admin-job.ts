import { ENDPOINTS, endpointPath } from '@jobboard/contract';
import type { AdminJob } from '@jobboard/contract';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const adminJobKey = (id: string) => endpointPath(ENDPOINTS.adminJob, { id });

/** One job for the form and the view; fresh for a minute, like the list. */
export function useAdminJob(id: string | undefined) {
  return useSWR(
    id ? adminJobKey(id) : null,
    (url: string) => apiFetch<AdminJob>(url),
    freshFor(REFRESH.adminJobs),
  );
}
