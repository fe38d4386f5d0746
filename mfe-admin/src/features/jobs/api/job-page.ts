import {
  ADMIN_JOBS_DEFAULTS,
  ENDPOINTS,
  listQueryString,
  type AdminJobPage,
  type AdminJobsQuery,
} from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR, { useSWRConfig } from 'swr';

/** The query string of a view of the jobs list (only what differs from the defaults). */
export const jobsViewQuery = (view: AdminJobsQuery) => listQueryString(view, ADMIN_JOBS_DEFAULTS);

/** What the cache entry of every page of the jobs list starts with. */
export const jobPagesKey = ENDPOINTS.adminJobPage.path;

export const jobPageKey = (view: AdminJobsQuery) => `${jobPagesKey}${jobsViewQuery(view)}`;

/** Where the CSV of a view downloads from: every job of the view, not just the page. */
export const jobsCsvHref = (view: AdminJobsQuery) =>
  `${ENDPOINTS.exportJobs.path}${jobsViewQuery({ ...view, page: 1, pageSize: ADMIN_JOBS_DEFAULTS.pageSize })}`;

/**
 * One page of the dashboard's view, searched, filtered and sorted by the API. Fetched whenever the
 * dashboard opens (an edit elsewhere may have changed it); the previous page stays on screen
 * while the next loads.
 */
export function useAdminJobPage(view: AdminJobsQuery) {
  return useSWR(jobPageKey(view), (url: string) => apiFetch<AdminJobPage>(url), {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
}

/**
 * Fetch every cached page of the jobs list again after a change to jobs, and the dashboard's
 * numbers with them (live and ending-soon counts change with a bulk action or a delete).
 */
export function useRefreshJobPages() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith(jobPagesKey) || key === ENDPOINTS.adminStats.path),
      undefined,
      { revalidate: true },
    );
}
