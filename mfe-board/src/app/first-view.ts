import { BOOT_CONFIG_ELEMENT_ID, type BootConfig } from '@jobboard/contract';
import { mutate, preload, type Key } from 'swr';
import { jobKey } from '../features/jobs/api/get-job';
import { RECENT_JOBS_URL } from '../features/recent-jobs/api/recent-jobs';
import { CATEGORIES_URL } from '../features/search/api/categories';
import { LOCATIONS_URL } from '../features/search/api/locations';
import { searchJobsKey } from '../features/search/api/search-jobs';

let primed = false;

/**
 * The board's first view arrives in the page itself: the server puts page 1 of the address's own
 * search, the filter choices and, on /jobs/{id}, that job (on /job-list, the recent jobs) in the
 * boot configuration. They go into
 * SWR's cache before the first render (the first cards need no request, and nothing jumps when the
 * filter lists arrive), and as the answer of each key's first fetch, so a hook that revalidates on
 * mount asks nobody. Done once, when one of the board's page modules loads; later fetches go to the API.
 */
export function primeFirstView(): void {
  if (primed || typeof document === 'undefined') return;
  primed = true;
  const data = readData();
  if (!data) return;
  const prime = (key: Key, value: unknown) => {
    void mutate(key, value, { revalidate: false });
    void preload(key, () => Promise.resolve(value));
  };
  if (data.search) prime(searchJobsKey(data.search.filter, 1), data.search.response);
  if (data.locations) prime(LOCATIONS_URL, data.locations);
  if (data.categories) prime(CATEGORIES_URL, data.categories);
  if (data.job?.job) prime(jobKey(data.job.id), data.job.job);
  if (data.recent) prime(RECENT_JOBS_URL, { jobs: data.recent, fetchedAt: Date.now() });
}

function readData(): BootConfig['data'] {
  const text = document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as BootConfig).data;
  } catch {
    return undefined;
  }
}
