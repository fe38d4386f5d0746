import { type AdminJobForm } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { jobPagesKey } from './job-page';

export const createJob = (form: AdminJobForm) => apiFetch(ENDPOINTS.createJob, { body: form });

/** Add a job; the caller fetches every cached page of the list again (useRefreshJobPages). */
export function useCreateJob() {
  return useMutation(
    jobPagesKey,
    (_key: string, { arg }: { arg: AdminJobForm }) => createJob(arg),
    { revalidate: false },
  );
}
