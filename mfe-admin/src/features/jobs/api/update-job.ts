import { type AdminJobUpdate } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { jobPagesKey } from './job-page';

/** The whole form, as the edit page sends it; a field left out would be kept as it is. */
export const updateJob = (id: string, form: AdminJobUpdate) =>
  apiFetch(ENDPOINTS.updateJob, { params: { id }, body: form });

/**
 * Save an existing job; the caller fetches every cached page of the list again
 * (useRefreshJobPages).
 */
export function useUpdateJob() {
  return useMutation(
    jobPagesKey,
    (_key: string, { arg }: { arg: { id: string; form: AdminJobUpdate } }) =>
      updateJob(arg.id, arg.form),
    { revalidate: false },
  );
}
