import { ENDPOINTS } from '@jobboard/contract';
import type { AdminJob } from '@jobboard/contract';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const adminJobsKey = ENDPOINTS.adminJobs.path;

/** Every job, for the dashboard table; fresh for a minute (SPEC.md 7). */
export function useAdminJobs() {
  return useSWR(
    adminJobsKey,
    (url: string) => apiFetch<AdminJob[]>(url),
    freshFor(REFRESH.adminJobs),
  );
}
