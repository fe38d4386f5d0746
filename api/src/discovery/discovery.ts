import {
  FEED_ITEMS,
  SITEMAP_MAX_URLS,
  filterFromQueryString,
  filterToQueryString,
} from '@jobboard/contract';
import type { JobsRepository } from '../jobs/jobs-repository';
import type { CachedBody } from '../jobs/public-cache';
import type { PublicReads } from '../jobs/public-reads';
import { jsonFeed, rssFeed } from './feeds';
import { robotsTxt, sitemapXml } from './sitemap';

export type FeedFormat = 'rss' | 'json';

/** The sitemap's own pages (sitemap.ts): the jobs get the rest of its URLs. */
const SITEMAP_PAGE_COUNT = 3;

/**
 * The feeds, the sitemap and robots.txt (docs/architecture.md, Discovery). Feeds and sitemap are
 * built from the public reads and kept in the same cache (dropped when jobs change, never served
 * past a job's expiry), each with its ETag and the instant it was built as Last-Modified.
 */
export class Discovery {
  constructor(
    private readonly reads: PublicReads,
    private readonly jobs: JobsRepository,
    private readonly site: { origin: string; boardName: string },
    private readonly now: () => Date,
  ) {}

  /**
   * The feed of the board's search that `queryString` describes, read exactly as the board reads
   * it (`filterFromQueryString`) and matched by the board's own search: its newest FEED_ITEMS
   * jobs, newest first, featured or not.
   */
  feed(format: FeedFormat, queryString: string): Promise<CachedBody> {
    // Sorting is not part of a feed: every spelling of the same search shares one answer.
    const filter = { ...filterFromQueryString(queryString), sortOption: 'recent' as const };
    return this.reads.cache.textAnswer(
      `feed:${format}:${filterToQueryString(filter)}`,
      async () => {
        const builtAt = this.now();
        const jobs = await this.jobs.newest(filter, FEED_ITEMS, builtAt);
        const source = { ...this.site, filter, jobs, builtAt };
        const text = format === 'rss' ? rssFeed(source) : JSON.stringify(jsonFeed(source));
        return { text, headers: lastModified(builtAt) };
      },
    );
  }

  /** Every public job (the newest, past 50,000 URLs) and the board's pages. */
  sitemap(): Promise<CachedBody> {
    return this.reads.cache.textAnswer('sitemap', async () => {
      const builtAt = this.now();
      const jobs = await this.jobs.publicUpdates(builtAt, SITEMAP_MAX_URLS - SITEMAP_PAGE_COUNT);
      return { text: sitemapXml(this.site.origin, jobs), headers: lastModified(builtAt) };
    });
  }

  robots(): string {
    return robotsTxt(this.site.origin);
  }
}

/** HTTP dates have whole seconds. */
function lastModified(at: Date): Record<string, string> {
  return { 'Last-Modified': new Date(Math.floor(at.getTime() / 1000) * 1000).toUTCString() };
}
