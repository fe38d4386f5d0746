import type { SWRConfiguration } from 'swr';

const MINUTE = 60_000;

/** Refresh and freshness times of docs/product.md#calls and docs/product.md#constants-and-limits, in milliseconds. */
export const REFRESH = {
  /** Public jobs list: refetched every 5 minutes. */
  jobs: 5 * MINUTE,
  /** Locations and categories: cached 5 minutes. */
  lookups: 5 * MINUTE,
  /** Recent list: fresh for 5 minutes, auto-refresh every 5 minutes. */
  recent: 5 * MINUTE,
  /** Admin jobs list: fresh for 1 minute. */
  adminJobs: MINUTE,
  /** Admin submissions: polled every 30 seconds. */
  submissions: 30_000,
} as const;

/**
 * Defaults of docs/product.md#calls: no automatic retry, no refetch on window focus or reconnect, no polling,
 * and data never goes stale on its own (a mounted query with cached data does not refetch). A
 * query that has its own freshness sets `dedupingInterval` + `revalidateIfStale`.
 */
export const swrDefaults: SWRConfiguration = {
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
};

/** For a query that is fresh for `ms` and refetched when used after that. */
export const freshFor = (ms: number): SWRConfiguration => ({
  dedupingInterval: ms,
  revalidateIfStale: true,
});
