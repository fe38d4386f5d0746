import { ENDPOINTS, type AdminStats } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The dashboard's numbers, fetched whenever the dashboard opens. */
export function useAdminStats() {
  return useSWR(ENDPOINTS.adminStats.path, (url: string) => apiFetch<AdminStats>(url), {
    revalidateOnMount: true,
  });
}
