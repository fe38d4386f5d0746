import { ENDPOINTS } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { useSWRConfig } from 'swr';
import { adminJobsKey } from './admin-jobs';
import { lastSyncKey } from './last-sync';

/** Re-sync jobs from the external database service (SPEC.md 7). */
export const refreshJobs = () => apiFetch(ENDPOINTS.refreshJobs);

/**
 * Refresh Jobs on the dashboard; the list is fetched again, and so is the last sync panel
 * (a failed sync is recorded too).
 */
export function useRefreshJobs() {
  const { mutate } = useSWRConfig();
  return useMutation(adminJobsKey, async () => {
    try {
      return await refreshJobs();
    } finally {
      void mutate(lastSyncKey);
    }
  });
}
