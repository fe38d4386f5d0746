import { ENDPOINTS, type AdminJobForm } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { adminJobsKey } from './admin-jobs';

export const updateJob = (id: string, form: AdminJobForm) =>
  apiFetch(ENDPOINTS.updateJob, { params: { id }, body: form });

/** Save an existing job; the dashboard's list is fetched again. */
export function useUpdateJob() {
  return useMutation(
    adminJobsKey,
    (_key: string, { arg }: { arg: { id: string; form: AdminJobForm } }) =>
      updateJob(arg.id, arg.form),
  );
}
