import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { adminJobKey } from './admin-job';

export const republishJob = (id: string) => apiFetch(ENDPOINTS.republishJob, { params: { id } });

/** Put an expired or switched-off listing back up; the job is fetched again. */
export function useRepublishJob(id: string) {
  return useMutation(adminJobKey(id), () => republishJob(id));
}
