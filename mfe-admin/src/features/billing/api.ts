import type { AdminSettingsUpdate } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The admins' settings, billing's among them (the same cache entry as the other pages'). */
export function useSettings() {
  return useSWR(endpointKey(ENDPOINTS.adminSettings), () => apiFetch(ENDPOINTS.adminSettings));
}

export const updateSettings = (update: AdminSettingsUpdate) =>
  apiFetch(ENDPOINTS.updateSettings, { body: update });
