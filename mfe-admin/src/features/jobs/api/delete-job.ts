import { ENDPOINTS } from '@jobboard/contract';
import type { AdminJob } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { adminJobsKey } from './admin-jobs';

export const deleteJob = (id: string) => apiFetch(ENDPOINTS.deleteJob, { params: { id } });

/** Delete a job: it leaves the dashboard's list at once, and the list is fetched again. */
export function useDeleteJob() {
  return useMutation(
    adminJobsKey,
    async (_key: string, { arg: id }: { arg: string }) => {
      await deleteJob(id);
      return id;
    },
    {
      populateCache: (deletedId: string, jobs?: AdminJob[]) =>
        (jobs ?? []).filter((job) => job.id !== deletedId),
    },
  );
}
