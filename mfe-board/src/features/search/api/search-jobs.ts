import { ENDPOINTS } from '@jobboard/contract';
import { PAGE_SIZE, type SearchFilter, type SearchResponse } from '@jobboard/contract';
import { REFRESH, apiFetch } from '@jobboard/shared-ui';
import useSWR, { type SWRConfiguration } from 'swr';

export const SEARCH_JOBS_URL = ENDPOINTS.searchJobs.path;

/** One page of one filter's results: everything the answer depends on is in the key. */
export const searchJobsKey = (filter: SearchFilter, page: number) =>
  [SEARCH_JOBS_URL, filter, page, PAGE_SIZE] as const;

export type SearchJobsKey = ReturnType<typeof searchJobsKey>;

/** `POST /api/jobs/search`: the filter object plus the page wanted (docs/architecture.md, data flow). */
export function searchJobs([url, filter, page, pageSize]: SearchJobsKey) {
  return apiFetch<SearchResponse>(url, { method: 'POST', body: { ...filter, page, pageSize } });
}

/**
 * The board's list, one page at a time, refetched every 5 minutes (SPEC.md 7). The previous page
 * stays on screen while the next one loads, so the list never flashes empty.
 */
export function useSearchJobs(
  filter: SearchFilter,
  page: number,
  options: SWRConfiguration<SearchResponse> = {},
) {
  return useSWR(searchJobsKey(filter, page), searchJobs, {
    refreshInterval: REFRESH.jobs,
    keepPreviousData: true,
    ...options,
  });
}
