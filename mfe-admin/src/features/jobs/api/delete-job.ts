import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { jobPagesKey } from './job-page';

export const deleteJob = (id: string) => apiFetch(ENDPOINTS.deleteJob, { params: { id } });

/**
 * Delete a job. The caller fetches every cached page of the list again, whatever the outcome
 * (useRefreshJobPages): the list is many cache entries, not this one key.
 */
export function useDeleteJob() {
  return useMutation(
    jobPagesKey,
    async (_key: string, { arg: id }: { arg: string }) => {
      await deleteJob(id);
      return id;
    },
    { revalidate: false },
  );
}
