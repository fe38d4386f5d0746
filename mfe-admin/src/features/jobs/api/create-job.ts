import type { AdminJob, AdminJobForm } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWRMutation from 'swr/mutation';
import { adminJobsKey } from './admin-jobs';

export const createJob = (form: AdminJobForm) =>
  apiFetch<AdminJob>('/api/admin/jobs', { method: 'POST', body: form });

/** Add a job; the dashboard's list is fetched again. */
export function useCreateJob() {
  return useSWRMutation(adminJobsKey, (_key: string, { arg }: { arg: AdminJobForm }) =>
    createJob(arg),
  );
}
