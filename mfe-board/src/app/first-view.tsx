import {
  BOOT_CONFIG_ELEMENT_ID,
  type BootConfig,
  type FirstViewData,
} from '@jobboard/contract/site';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { mutate, preload, SWRConfig, unstable_serialize, type Key } from 'swr';
import { jobChannelKey, jobStatusKey } from '../features/jobs/api/get-job';

/**
 * The board's first view arrives in the page itself: the server puts page 1 of the address's own
 * search, the filter choices and, on /jobs/{id}, that job and the channel the visitor came to it
 * by (on /job-list, the recent jobs) in the
 * boot configuration, and renders the page from them. These are the same data as SWR entries,
 * each under the key the server names for it (`data.keys`: endpointKey of the call it read, the
 * key the hooks ask for), so no key is built twice.
 */
export function firstViewEntries(data: FirstViewData): [Key, unknown][] {
  const { keys = {} } = data;
  const entries: [Key, unknown][] = [];
  const add = (key: string | undefined, value: unknown) => {
    if (key !== undefined && value !== undefined) entries.push([key, value]);
  };
  add(keys.search, data.search?.response);
  add(keys.locations, data.locations);
  add(keys.categories, data.categories);
  add(keys.job, data.job?.job ?? undefined);
  add(keys.legal, data.legal);
  // An organisation's page (null: no organisation has the slug) and a job page's similar jobs.
  add(keys.organization, data.organization?.page);
  add(keys.similar, data.similar);
  // A job the page cannot show: the modal says so at once, in the server's HTML too.
  if (data.job && !data.job.job && keys.job !== undefined) {
    entries.push([jobStatusKey(keys.job), data.job.closed ? 'closed' : 'missing']);
  }
  // The channel the server drew the job's page for: its Apply link and view count for it.
  if (data.channel && keys.job !== undefined) entries.push([jobChannelKey(keys.job), data.channel]);
  if (data.recent) {
    add(keys.recent, { jobs: data.recent, fetchedAt: data.readAt ?? Date.now() });
  }
  return entries;
}

/** On the server, the data the page is rendered from (server.tsx); in the browser, none. */
export const ServerFirstView = createContext<FirstViewData | null>(null);

/**
 * Gives the page its first view's data as SWR's `fallback`, the same on the server and in the
 * browser, so the browser's first render equals the server's HTML and takes it over (SWR answers
 * a hydrating render from `fallback`, never from entries written into its cache beforehand). In
 * the browser the entries also go into SWR's cache (what a list keeping its previous page while
 * the next loads reads, when the address comes back to the first view's search), and are the
 * answer of each key's first fetch, so a hook that revalidates on mount asks nobody; later
 * fetches go to the API.
 */
export function FirstViewProvider({ children }: { children: ReactNode }) {
  const onServer = useContext(ServerFirstView);
  const fallback = useMemo(() => {
    const entries = firstViewEntries(onServer ?? browserFirstView());
    return Object.fromEntries(entries.map(([key, value]) => [unstable_serialize(key), value]));
  }, [onServer]);
  return <SWRConfig value={{ fallback }}>{children}</SWRConfig>;
}

let inPage: FirstViewData | undefined;

/** The first view's data in this page's boot configuration, read (and preloaded) once. */
function browserFirstView(): FirstViewData {
  if (inPage) return inPage;
  inPage = readData() ?? {};
  for (const [key, value] of firstViewEntries(inPage)) {
    void mutate(key, value, { revalidate: false });
    void preload(key, () => Promise.resolve(value));
  }
  return inPage;
}

function readData(): BootConfig['data'] {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as BootConfig).data;
  } catch {
    return undefined;
  }
}
