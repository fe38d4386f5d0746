import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { adminJobKey } from './admin-job';

/** The server extends by the contract's EXTEND_DAYS: the admin sends no number of days. */
export const extendJob = (id: string) => apiFetch(ENDPOINTS.extendJob, { params: { id } });

/** Keep a listing up EXTEND_DAYS longer; the job is fetched again. */
export function useExtendJob(id: string) {
  return useMutation(adminJobKey(id), () => extendJob(id));
}
