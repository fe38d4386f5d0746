import type { AdminJob } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWRMutation from 'swr/mutation';
import { adminJobKey } from './admin-job';

export const republishJob = (id: string) =>
  apiFetch<AdminJob>(`/api/admin/jobs/${encodeURIComponent(id)}/republish`, { method: 'POST' });

/** Put an expired or switched-off listing back up; the job is fetched again. */
export function useRepublishJob(id: string) {
  return useSWRMutation(adminJobKey(id), () => republishJob(id));
}
