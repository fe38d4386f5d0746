import { ENDPOINTS, type AdminJobForm } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { adminJobsKey } from './admin-jobs';

export const createJob = (form: AdminJobForm) => apiFetch(ENDPOINTS.createJob, { body: form });

/** Add a job; the dashboard's list is fetched again. */
export function useCreateJob() {
  return useMutation(adminJobsKey, (_key: string, { arg }: { arg: AdminJobForm }) =>
    createJob(arg),
  );
}
