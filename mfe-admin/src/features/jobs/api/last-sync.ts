import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const lastSyncKey = endpointKey(ENDPOINTS.lastSync);

/** The configured job source and its latest sync, for the dashboard's panel. */
export function useLastSync() {
  return useSWR(lastSyncKey, () => apiFetch(ENDPOINTS.lastSync));
}
