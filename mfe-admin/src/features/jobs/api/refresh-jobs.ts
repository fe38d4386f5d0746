import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { lastSyncKey } from './last-sync';

/** Re-sync jobs from the external database service (docs/product.md#calls). */
export const refreshJobs = () => apiFetch(ENDPOINTS.refreshJobs);

/**
 * Refresh Jobs on the dashboard: the last sync panel is fetched again whatever the outcome (a
 * failed sync is recorded too); after a sync the caller fetches the list's pages again
 * (useRefreshJobPages).
 */
export function useRefreshJobs() {
  return useMutation(lastSyncKey, () => refreshJobs());
}
