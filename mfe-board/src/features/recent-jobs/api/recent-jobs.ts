import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { type RecentJobLine } from '@jobboard/contract/jobs';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const recentJobsKey = endpointKey(ENDPOINTS.recentJobLines);

export interface RecentJobs {
  jobs: RecentJobLine[];
  /** When this answer arrived (ms since epoch): the page's 'Last updated'. */
  fetchedAt: number;
}

/**
 * `GET /api/jobs/recent/lines`: the public jobs of the last RECENT_DAYS days, newest first, each
 * with what the list shows of it.
 */
export async function getRecentJobs(): Promise<RecentJobs> {
  const jobs = await apiFetch(ENDPOINTS.recentJobLines);
  return { jobs, fetchedAt: Date.now() };
}

/**
 * SWR skips a refresh tick that comes while the last fetch still counts as fresh, and the first
 * tick lands on the very end of that window: freshness ends a moment earlier, so every tick fetches.
 */
const TICK_MARGIN_MS = 1_000;

/**
 * Fresh for 5 minutes, and refetched every 5 minutes while auto-refresh is on (docs/product.md#calls and docs/product.md#constants-and-limits).
 */
export function useRecentJobs(autoRefresh: boolean) {
  return useSWR(recentJobsKey, getRecentJobs, {
    ...freshFor(REFRESH.recent - TICK_MARGIN_MS),
    refreshInterval: autoRefresh ? REFRESH.recent : 0,
  });
}
