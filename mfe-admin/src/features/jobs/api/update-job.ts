import { ENDPOINTS, type AdminJobForm } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { jobPagesKey } from './job-page';

export const updateJob = (id: string, form: AdminJobForm) =>
  apiFetch(ENDPOINTS.updateJob, { params: { id }, body: form });

/**
 * Save an existing job; the caller fetches every cached page of the list again
 * (useRefreshJobPages).
 */
export function useUpdateJob() {
  return useMutation(
    jobPagesKey,
    (_key: string, { arg }: { arg: { id: string; form: AdminJobForm } }) =>
      updateJob(arg.id, arg.form),
    { revalidate: false },
  );
}
