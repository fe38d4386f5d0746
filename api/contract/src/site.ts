import {
  array,
  literal,
  nullable,
  object,
  optional,
  record,
  string,
  type Infer,
} from 'superstruct';
import type { Channel } from './channels';
import type { Job, RecentJobLine } from './job';
import type { LegalPageView } from './legal';
import type { OrganizationPage } from './organizations';
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
  /**
   * The board's currency (ISO 4217, BOARD_CURRENCY): the salary filters' bands and the forms'
   * default. Absent from an older API: US dollars.
   */
  currency: optional(string()),
});
export type SiteConfig = Infer<typeof SiteConfig>;

/** One build of a remote the shell may load: its manifest, its version and its release.json. */
export const RemoteBuild = object({
  /** The URL of its federation manifest (mf-manifest.json). */
  entry: string(),
  /** Its version folder, or the manifest URL for a remote on another origin. */
  version: string(),
  /** The URL of its release.json, which the shell checks before it loads the build. */
  release: string(),
  /**
   * The hash of its entry file recorded when it was promoted ('sha384-...', Subresource
   * Integrity): the shell loads the entry with it, so the browser runs that file or nothing.
   * Absent for a build promoted before entries were pinned.
   */
  integrity: optional(string()),
});
export type RemoteBuild = Infer<typeof RemoteBuild>;

/**
 * Where a remote's live (promoted) build is, and what the shell may load instead when that build
 * does not fit it (docs/frontend-delivery.md#the-load-time-check). `release` is absent only under
 * the dev servers, whose builds are not checked.
 */
export const RemoteLocation = object({
  entry: string(),
  version: string(),
  release: optional(string()),
  /** As RemoteBuild's: the live build's entry hash, recorded at promote. */
  integrity: optional(string()),
  /**
   * The remote's earlier promoted versions that are still on the server, newest first, at most
   * three (releases/history.json): the shell loads the first that fits when the live one does not.
   */
  fallbacks: optional(array(RemoteBuild)),
  /**
   * The version the server's own check picked, and drew the first view with: the first of the
   * live build and its fallbacks whose release.json fits the live shell; null when none does.
   * Absent when the server could not check (a remote on another origin, a shell without a
   * release.json): then the browser's check alone decides.
   */
  picked: optional(nullable(string())),
  /**
   * The picked build carries a newer copy of a shared singleton than the shell (a shared-ui
   * minor the shell was built before), and the page runs with that copy: the shell registers this
   * remote before it starts, so the federation runtime finds that copy before it picks one
   * (docs/frontend-delivery.md#shared-singletons). Absent otherwise.
   */
  sharesFirst: optional(literal(true)),
});
export type RemoteLocation = Infer<typeof RemoteLocation>;

/** Where each remote's manifest is, and which build it is; served uncached as /remotes.json. */
export const RemotesConfig = record(string(), RemoteLocation);
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
  /** /privacy, /terms, /refunds: the legal page (GET /api/pages/{slug}). */
  legal?: LegalPageView;
  /** /job-list: the recent list's lines (GET /api/jobs/recent/lines). */
  recent?: RecentJobLine[];
  /**
   * /organizations/{slug}: the organisation and its open jobs (GET /api/organizations/{slug});
   * `null` when no organisation has this slug (the page says so, with a 404).
   */
  organization?: { slug: string; page: OrganizationPage | null };
  /** On /jobs/{id}: a few jobs like it (GET /api/jobs/{id}/similar). */
  similar?: RecentJobLine[];
  /**
   * When the server read this data (ms since epoch): what the recent list says it was last
   * updated, the same in the server's rendering and in the browser's.
   */
  readAt?: number;
  /**
   * On /jobs/{id}: the channel of the job as this request landed on it (channelOfLanding: the
   * address's `via`, else the page's referrer; docs/product.md#numbers), which its Apply link and
   * its view count for: worked out by the server from the very request the browser made.
   */
  channel?: Channel;
  /**
   * The cache key of each part above: the key (endpointKey) of the very call the server read it
   * with, which the board's hooks ask for, so the browser shows it without asking the API again.
   * The job's key is that of `GET /api/jobs/{id}`, also when the job could not be shown.
   */
  keys?: FirstViewKeys;
}

/** FirstViewData.keys: one key for each part the page carries. */
export type FirstViewKeys = Partial<
  Record<
    'search' | 'locations' | 'categories' | 'job' | 'recent' | 'legal' | 'organization' | 'similar',
    string
  >
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

/**
 * The id of the `<template>` in a page the server drew that holds the preload hints of the
 * shell's first-view scripts and the route's remote: inert while the HTML is parsed (nothing
 * competes with the first paint), moved into the head by the shell's entry script as it starts,
 * so every file downloads at once instead of one round after another.
 */
export const AFTER_PAINT_PRELOADS_ELEMENT_ID = 'after-paint-preloads';

/**
 * The events the shell sends on `document` as a server-drawn page comes alive, which the page's
 * first script (shell/src/boot/before-live.js) acts on: `hydrating` just before React takes the
 * page over (from then on, React sees what is pressed), `live` once the route's area is live (the
 * script then gives React what was typed and pressed before: issue 40).
 */
export const PAGE_LIVE_EVENTS = {
  hydrating: 'jobboard:hydrating',
  live: 'jobboard:live',
} as const;

/** The tagline under the board's name on the home page (docs/product.md#audience). */
export const HERO_TAGLINE =
  'Find a great role in nonprofit communications or tech, content, news, fundraising and more';
