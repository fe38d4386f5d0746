import {
  FEED_ITEMS,
  MAX_INT4,
  SITEMAP_MAX_URLS,
  filterFromQueryString,
  filterToQueryString,
} from '@jobboard/contract/jobs';
import type { PublicReads } from '../jobs';
import type { CachedBody } from '../platform/plugins/public-cache';
import { jsonFeed, rssFeed } from './feeds';
import {
  PAGES_FILE,
  SITEMAP_PAGE_COUNT,
  groupOfJobsFile,
  groupOfOrganizationsFile,
  jobsFileName,
  organizationsFileName,
  pagesXml,
  robotsTxt,
  sitemapIndexXml,
  urlsPerFile,
  urlsetXml,
} from './sitemap';

export type FeedFormat = 'rss' | 'json';

/** Feed readers and crawlers poll: a few minutes of reuse, then a cheap 304 (ETag). */
export const MAX_AGE_SECONDS = 300;

/**
 * The feeds, the sitemap (or its index and files) and robots.txt (docs/architecture.md,
 * Discovery). Feeds and sitemap are built from the public reads and kept in the same cache (dropped when jobs change, never served
 * past a job's expiry), each with its ETag and the instant it was built as Last-Modified.
 */
export class Discovery {
  constructor(
    private readonly reads: PublicReads,
    private readonly site: {
      origin: string;
      boardName: string;
      currency: string;
      sitemapUrlsPerFile: number;
    },
    private readonly now: () => Date,
  ) {
    this.perFile = urlsPerFile(site.origin, site.sitemapUrlsPerFile);
  }

  /** How many URLs one sitemap file holds here (sitemap.ts, urlsPerFile). */
  private readonly perFile: number;

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
        const jobs = await this.reads.newest(filter, FEED_ITEMS, builtAt);
        const source = { ...this.site, filter, jobs, builtAt };
        const text = format === 'rss' ? rssFeed(source) : JSON.stringify(jsonFeed(source));
        return { text, headers: lastModified(builtAt) };
      },
    );
  }

  /**
   * `/sitemap.xml`: every public job and the board's pages in one file while they fit in one;
   * past that a sitemap index of the pages file and one file per group of ids that has public jobs.
   */
  sitemap(): Promise<CachedBody> {
    return this.reads.cache.textAnswer('sitemap', async () => {
      const builtAt = this.now();
      const { groups, companies, newest, oneFile } = await this.sitemapLayout(builtAt);
      if (oneFile) {
        const [jobs, organizations] = await Promise.all([
          this.reads.publicUpdates(builtAt, 1, this.lastId(groups.at(-1)?.group)),
          this.reads.liveCompanies(builtAt, 1, this.lastId(companies.at(-1)?.group)),
        ]);
        return {
          text: urlsetXml(this.site.origin, jobs, true, organizations),
          headers: lastModified(builtAt),
        };
      }
      const files = [
        { name: PAGES_FILE, lastmod: newest },
        ...groups.map((group) => ({ name: jobsFileName(group.group), lastmod: group.updatedAt })),
        ...companies.map((group) => ({
          name: organizationsFileName(group.group),
          lastmod: group.updatedAt,
        })),
      ];
      // Only a SITEMAP_URLS_PER_FILE far below the default can make more files than an index holds.
      const text = sitemapIndexXml(this.site.origin, files.slice(0, SITEMAP_MAX_URLS));
      return { text, headers: lastModified(builtAt) };
    });
  }

  /**
   * One file of the sitemap index (`pages` or `jobs-{n}`), or null when there is no such file
   * now: an unknown name, a group without public jobs, or a sitemap small enough to be one file.
   */
  async sitemapFile(name: string): Promise<CachedBody | null> {
    const companyGroup = groupOfOrganizationsFile(name);
    const group = name === PAGES_FILE ? null : (groupOfJobsFile(name) ?? companyGroup);
    // A name that is no file, or a group past the largest id, is not worth a query or a cache entry.
    if (name !== PAGES_FILE && (group === null || group * this.perFile >= MAX_INT4)) return null;
    const body = await this.reads.cache.textAnswer(`sitemap:${name}`, async () => {
      const builtAt = this.now();
      const headers = lastModified(builtAt);
      const { groups, companies, newest, oneFile } = await this.sitemapLayout(builtAt);
      // An empty text stands for "no such file now", kept like any answer until jobs change.
      const none = { text: '', headers };
      if (oneFile) return none;
      if (group === null) return { text: pagesXml(this.site.origin, newest), headers };
      if (companyGroup !== null) {
        if (!companies.some((g) => g.group === companyGroup)) return none;
        const from = companyGroup * this.perFile + 1;
        const organizations = await this.reads.liveCompanies(builtAt, from, this.lastId(group));
        return { text: urlsetXml(this.site.origin, [], false, organizations), headers };
      }
      if (!groups.some((g) => g.group === group)) return none;
      const from = group * this.perFile + 1;
      const jobs = await this.reads.publicUpdates(builtAt, from, this.lastId(group));
      return { text: urlsetXml(this.site.origin, jobs, false), headers };
    });
    return body.bytes.length ? body : null;
  }

  /**
   * The public jobs and the companies with one (their pages, issue 47) by group of ids, the newest
   * change, and whether one file holds it all.
   */
  private async sitemapLayout(at: Date) {
    const [groups, companies] = await Promise.all([
      this.reads.publicIdGroups(at, this.perFile),
      this.reads.liveCompanyGroups(at, this.perFile),
    ]);
    const count = (all: { count: number }[]) => all.reduce((sum, group) => sum + group.count, 0);
    const newest = groups.reduce((latest, group) => Math.max(latest, group.updatedAt), 0);
    const oneFile = count(groups) + count(companies) + SITEMAP_PAGE_COUNT <= this.perFile;
    return { groups, companies, newest, oneFile };
  }

  /** The last id of a group (0 when there is none: no job at all). */
  private lastId(group: number | undefined): number {
    return group === undefined ? 0 : (group + 1) * this.perFile;
  }

  robots(): string {
    return robotsTxt(this.site.origin);
  }
}

/** HTTP dates have whole seconds. */
function lastModified(at: Date): Record<string, string> {
  return { 'Last-Modified': new Date(Math.floor(at.getTime() / 1000) * 1000).toUTCString() };
}
