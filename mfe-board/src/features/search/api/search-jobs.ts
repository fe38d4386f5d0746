import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import {
  searchPage,
  type SearchFilter,
  type SearchRequest,
  type SearchResponse,
} from '@jobboard/contract/jobs';
import { REFRESH, apiFetch } from '@jobboard/shared-ui';
import useSWR, { type SWRConfiguration } from 'swr';

/**
 * One page of one filter's results: the key names the whole request (the filter, the page and
 * its size), the same key the server's first view gives page 1 of the address's search.
 */
export const searchJobsKey = (request: SearchRequest) =>
  endpointKey(ENDPOINTS.searchJobs, { body: request });

/** `POST /api/jobs/search`: the filter object plus the page wanted (docs/architecture.md, data flow). */
export const searchJobs = (request: SearchRequest) =>
  apiFetch(ENDPOINTS.searchJobs, { body: request });

/**
 * The board's list, one page at a time, refetched every 5 minutes (docs/product.md#calls). The previous page
 * stays on screen while the next one loads, so the list never flashes empty. With `after` (the
 * previous page's `next`) the page is read from that cursor.
 */
export function useSearchJobs(
  filter: SearchFilter,
  page: number,
  after: string | undefined,
  options: SWRConfiguration<SearchResponse> = {},
) {
  const request = searchPage(filter, page, after);
  return useSWR(searchJobsKey(request), () => searchJobs(request), {
    refreshInterval: REFRESH.jobs,
    keepPreviousData: true,
    ...options,
  });
}
