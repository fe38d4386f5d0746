import { ENDPOINTS } from '@jobboard/contract';
import { adminJobsKey } from './admin-jobs';
import { apiFetch, useMutation } from '@jobboard/shared-ui';

/** Re-sync jobs from the external database service (SPEC.md 7). */
export const refreshJobs = () => apiFetch(ENDPOINTS.refreshJobs);

/** Refresh Jobs on the dashboard; the list is fetched again. */
export function useRefreshJobs() {
  return useMutation(adminJobsKey, () => refreshJobs());
}
