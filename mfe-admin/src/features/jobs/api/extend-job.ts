import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { adminJobKey } from './admin-job';

export const extendJob = (id: string, days: number) =>
  apiFetch(ENDPOINTS.extendJob, { params: { id }, body: { days } });

/** Keep a listing up `days` longer; the job is fetched again. */
export function useExtendJob(id: string) {
  return useMutation(adminJobKey(id), (_key: string, { arg: days }: { arg: number }) =>
    extendJob(id, days),
  );
}
