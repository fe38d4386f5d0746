import { ENDPOINTS, type AlertStats } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** How many job alerts are confirmed (and so get digests). */
export function useAlertStats() {
  return useSWR(ENDPOINTS.alertStats.path, (url: string) => apiFetch<AlertStats>(url));
}
