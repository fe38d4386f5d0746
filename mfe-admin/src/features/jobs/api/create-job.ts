import type { AdminJob, AdminJobForm } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { adminJobsKey } from './admin-jobs';

export const createJob = (form: AdminJobForm) =>
  apiFetch<AdminJob>('/api/admin/jobs', { method: 'POST', body: form });

/** Add a job; the dashboard's list is fetched again. */
export function useCreateJob() {
  return useMutation(adminJobsKey, (_key: string, { arg }: { arg: AdminJobForm }) =>
    createJob(arg),
  );
}
