import { object, optional, record, string, type Infer } from 'superstruct';
import type { Job } from './job';
import type { RouteTable } from './routes';
import type { SearchFilter, SearchResponse } from './search';

/**
 * The publication's own details, set per deployment (environment variables of the API) and shown
 * by the shell: names, addresses and the external links of the header and footer.
 */
export const SiteConfig = object({
  boardName: string(),
  providerName: string(),
  contactEmail: string(),
  jobsEmail: string(),
  socialUrl: string(),
  socialLabel: string(),
  resourcesUrl: string(),
  subscribeUrl: string(),
  /** The provider's membership system, named on /ghost-callback ('Authenticating with Ghost...'). */
  membershipName: string(),
  /** The membership site members sign in at; absent when members are not set up. */
  membershipUrl: optional(string()),
});
export type SiteConfig = Infer<typeof SiteConfig>;

/** Where each remote's manifest is, and which build it is; served uncached as /remotes.json. */
export const RemotesConfig = record(string(), object({ entry: string(), version: string() }));
export type RemotesConfig = Infer<typeof RemotesConfig>;

/**
 * The data of the board's first views (/, /jobs/{id}, /job-list), put in the page by the server so
 * the first card needs no request to the API (each part as the API answers it, from its cache).
 */
export interface FirstViewData {
  /** Page 1 of the search the address describes (filterFromQueryString). */
  search?: { filter: SearchFilter; response: SearchResponse };
  /**
   * The job of /jobs/{id}; null when there is no such job to show, and then `closed` when the job
   * exists but was taken off the board (the page says the role is closed rather than unknown).
   */
  job?: { id: string; job: Job | null; closed?: true };
  locations?: string[];
  categories?: string[];
  /** /job-list: the recent jobs (GET /api/jobs/recent). */
  recent?: Job[];
  /**
   * When the server read this data (ms since epoch): what the recent list says it was last
   * updated, the same in the server's rendering and in the browser's.
   */
  readAt?: number;
  /**
   * The cache key of each part above: the key (endpointKey) of the very call the server read it
   * with, which the board's hooks ask for, so the browser shows it without asking the API again.
   * The job's key is that of `GET /api/jobs/{id}`, also when the job could not be shown.
   */
  keys?: FirstViewKeys;
}

/** FirstViewData.keys: one key for each part the page carries. */
export type FirstViewKeys = Partial<
  Record<'search' | 'locations' | 'categories' | 'job' | 'recent', string>
>;

/** What the server inlines in the shell's HTML so the first view needs no extra request. */
export interface BootConfig {
  site: SiteConfig;
  remotes: RemotesConfig;
  /** The live remotes' routes (routes.ts): the shell builds its router from them. */
  routes: RouteTable;
  data?: FirstViewData;
}

/** The id of the inline JSON script element that carries the BootConfig. */
export const BOOT_CONFIG_ELEMENT_ID = 'boot-config';

/** The tagline under the board's name on the home page (docs/product.md#audience). */
export const HERO_TAGLINE =
  'Find a great role in nonprofit communications or tech, content, news, fundraising and more';
