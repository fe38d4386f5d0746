import { filterToQueryString } from './filter-query';
import { DEFAULT_SORT, type SearchFilter } from './search';

/**
 * Where crawlers and feed readers find the board (docs/architecture.md, Discovery): served by
 * the API outside `/api`, linked from every page's head and from the board's results.
 */
export const DISCOVERY_PATHS = {
  rss: '/feed.xml',
  jsonFeed: '/feed.json',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** A feed holds the newest this many jobs of its search (feed readers poll; nobody reads more). */
export const FEED_ITEMS = 50;

/** A sitemap file holds at most this many URLs, and an index this many sitemaps (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** ...and is at most this many bytes, uncompressed (sitemaps.org: 50 MB). */
export const SITEMAP_MAX_BYTES = 52_428_800;

/** The feeds of a board search: the board's own query string, so every search has its feed. */
export function feedUrls(filter: SearchFilter): { rss: string; jsonFeed: string } {
  const query = filterToQueryString({ ...filter, sortOption: DEFAULT_SORT });
  return { rss: `${DISCOVERY_PATHS.rss}${query}`, jsonFeed: `${DISCOVERY_PATHS.jsonFeed}${query}` };
}
