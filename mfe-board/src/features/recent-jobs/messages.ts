import { RECENT_DAYS } from '@jobboard/contract/common';

/** Texts of the recent job list, /job-list (docs/product.md#routes-and-screens), in one place. */
export const RECENT_TEXT = {
  title: 'Job List',
  coverage: `This list covers jobs posted in the last ${RECENT_DAYS} days, grouped by category.`,
  refreshNow: 'Refresh Now',
  enableAutoRefresh: 'Enable Auto-refresh',
  disableAutoRefresh: 'Disable Auto-refresh',
  lastUpdated: (time: string) => `Last updated ${time}`,
  count: (count: number) => `${count} ${count === 1 ? 'job' : 'jobs'}`,
  loading: 'Loading recent jobs...',
  empty: 'No recent jobs found.',
  failed: 'Recent jobs could not be loaded. Please try again.',
} as const;
