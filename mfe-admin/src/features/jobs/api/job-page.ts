import { type AdminJobsQuery } from '@jobboard/contract/admin';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR, { useSWRConfig } from 'swr';

/** What the cache entry of every page of the jobs list starts with. */
export const jobPagesKey = endpointKey(ENDPOINTS.adminJobPage);

/** One page of a view of the jobs list (its URL: only what differs from the defaults). */
export const jobPageKey = (view: AdminJobsQuery) =>
  endpointKey(ENDPOINTS.adminJobPage, { query: view });

/**
 * One page of the dashboard's view, searched, filtered and sorted by the API. Fetched whenever the
 * dashboard opens (an edit elsewhere may have changed it); the previous page stays on screen
 * while the next loads.
 */
export function useAdminJobPage(view: AdminJobsQuery) {
  return useSWR(jobPageKey(view), () => apiFetch(ENDPOINTS.adminJobPage, { query: view }), {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
}

/** The dashboard's numbers' entry (the stats feature's key, named here: features share no code). */
const adminStatsKey = endpointKey(ENDPOINTS.adminStats);

/**
 * Fetch every cached page of the jobs list again after a change to jobs, and the dashboard's
 * numbers with them (live and ending-soon counts change with a bulk action or a delete).
 */
export function useRefreshJobPages() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) => typeof key === 'string' && (key.startsWith(jobPagesKey) || key === adminStatsKey),
      undefined,
      { revalidate: true },
    );
}
