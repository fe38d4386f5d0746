import {
  DEFAULT_CURRENCY,
  ORGANIZATION_JOBS_PAGE_SIZE,
  ORGANIZATION_TEXTS,
  SIMILAR_JOBS_COUNT,
  defaultSearchFilter,
  type Job,
  recentJobLine,
  type SearchFilter,
  type SearchRequest,
} from '@jobboard/contract/jobs';
import { NotFound } from '../platform/domain-errors';
import type { CachedBody, PublicCache } from '../platform/plugins/public-cache';
import { OrganizationMoved } from './organization-moved';
import type { PublicJobsRepository } from './repositories/public-jobs';
import { boardSearch } from './board-search';

/** Every public job: the search `GET /api/jobs` pages through. */
const EVERY_JOB = boardSearch(defaultSearchFilter());

/**
 * The public's reads of jobs. The board's are answers as the API sends them (serialized once,
 * from the public-read cache): the jobs routes send them, and the page renderer puts the first
 * view's in the page, so a visitor's first card and the API agree byte for byte. The others are
 * what the feeds, the sitemap, a member's bookmarks and an alert's digest read.
 */
export class PublicReads {
  constructor(
    private readonly jobs: PublicJobsRepository,
    readonly cache: PublicCache,
    private readonly now: () => Date,
    /**
     * The reads an alert's digest keeps its place by (the newest id, the jobs after it): on the
     * primary, as every write, so a replica behind it never makes a digest skip a job.
     */
    private readonly primary: Pick<PublicJobsRepository, 'findNew' | 'latestId'> = jobs,
    /** BOARD_CURRENCY: the board's salary bands are in it. */
    private readonly currency: string = DEFAULT_CURRENCY,
  ) {}

  /** One page of the public list, with its X-Total-Count and Link headers. */
  list(page: number, pageSize: number): Promise<CachedBody> {
    return this.cache.answer(`list:${page}:${pageSize}`, async () => {
      const now = this.now();
      const { jobs, total, totalExact } = await this.jobs.listPublic(
        EVERY_JOB,
        now,
        page,
        pageSize,
      );
      const next = `</api/jobs?page=${page + 1}&pageSize=${pageSize}>; rel="next"`;
      return {
        body: jobs,
        headers: {
          'X-Total-Count': `${total}${totalExact ? '' : '+'}`,
          ...(total > page * pageSize ? { Link: next } : {}),
        },
      };
    });
  }

  recent(): Promise<CachedBody> {
    return this.cache.get('recent', () => this.jobs.listRecent(this.now()));
  }

  /** The recent list's lines: what its page shows of each job (RecentJobLine), in its order. */
  recentLines(): Promise<CachedBody> {
    return this.cache.get('recent-lines', async () =>
      (await this.jobs.listRecent(this.now())).map(recentJobLine),
    );
  }

  /** One job; NotFound when there is no such job to show. */
  job(id: number): Promise<CachedBody> {
    return this.cache.get(`job:${id}`, async () => {
      const job = await this.jobs.findVisible(id, this.now());
      if (!job) throw new NotFound('Job not found');
      return job;
    });
  }

  /**
   * An organisation's page (issue 47): the company of this slug and page `page` of its live jobs;
   * NotFound when no company has the slug; OrganizationMoved when its company was merged into
   * another (issue 47). Kept like every public answer until jobs change.
   */
  organization(slug: string, page: number): Promise<CachedBody> {
    return this.cache.get(`organization:${slug}:${page}`, async () => {
      const found = await this.jobs.organizationPage(
        slug,
        page,
        ORGANIZATION_JOBS_PAGE_SIZE,
        this.now(),
      );
      if (!found) throw new NotFound(ORGANIZATION_TEXTS.notFound);
      if ('movedTo' in found) throw new OrganizationMoved(found.movedTo);
      return found;
    });
  }

  /** Whether a company has this slug (its page is a 200, else the site's 404). */
  async organizationExists(slug: string | undefined): Promise<boolean> {
    if (slug === undefined) return false;
    try {
      await this.organization(slug, 1);
      return true;
    } catch (error) {
      if (error instanceof NotFound || error instanceof OrganizationMoved) return false;
      throw error;
    }
  }

  /** A few live jobs like job `id`, never itself (a closed job's too); none for an unknown id. */
  similar(id: number): Promise<CachedBody> {
    return this.cache.get(`similar:${id}`, () =>
      this.jobs.similar(id, this.now(), SIMILAR_JOBS_COUNT),
    );
  }

  /**
   * Whether a job exists at all, public or not: a job `job` does not find but that exists was
   * taken off the board, and its page says the role is closed.
   */
  async exists(id: number): Promise<boolean> {
    const exists = await this.cache.get(`exists:${id}`, () => this.jobs.exists(id));
    return exists.bytes.toString() === 'true';
  }

  /**
   * One page of a board search. The search is worked out once (board-search.ts): the cache knows
   * it by its identity, and the search reads its words and labels from the same.
   */
  search(request: SearchRequest): Promise<CachedBody> {
    const { page, pageSize, after, ...filter } = request;
    const search = boardSearch(filter);
    return this.cache.get(searchKey(search.identity, request), () =>
      this.jobs.search(search, page, pageSize, this.now(), after),
    );
  }

  /** The public cache's key of a search's answer (the fast path looks it up, platform/http/fast-reads.ts). */
  searchKey(request: SearchRequest): string {
    return searchKey(boardSearch(request).identity, request);
  }

  locations(): Promise<CachedBody> {
    return this.cache.get('locations', () => this.jobs.publicLocations(this.now()));
  }

  categories(): Promise<CachedBody> {
    return this.cache.get('categories', () => this.jobs.publicCategories(this.now()));
  }

  // ---- reads of the other domains (not cached here) ---------------------------------------------

  /**
   * The location and category names of the public jobs: the only ones an alert's e-mails and
   * pages repeat (describeSearch of @jobboard/contract/alerts), never a caller's own text; and the
   * board's currency, which a salary band is described in.
   */
  async searchLabels(
    now: Date,
  ): Promise<{ locations: string[]; categories: string[]; currency: string }> {
    const [locations, categories] = await Promise.all([
      this.jobs.publicLocations(now),
      this.jobs.publicCategories(now),
    ]);
    return { locations, categories, currency: this.currency };
  }

  /** The newest `limit` public jobs of a search, featured or not, newest first: a feed. */
  newest(filter: SearchFilter, limit: number, now: Date): Promise<Job[]> {
    return this.jobs.newest(boardSearch(filter), limit, now);
  }

  /**
   * The public jobs of a search created after the job `afterId` and up to `upToId` (an alert's
   * digest): the first `limit` of them, and how many there are.
   */
  findNew(
    filter: SearchFilter,
    window: { afterId: number; upToId: number },
    now: Date,
    limit: number,
  ): Promise<{ jobs: Job[]; total: number; totalExact: boolean }> {
    return this.primary.findNew(boardSearch(filter), window, now, limit);
  }

  /** The id of the newest job (0 when there is none): where "new since now" starts. */
  latestId(): Promise<number> {
    return this.primary.latestId();
  }

  /** Which of these ids name a job whose page may be shown (a member's bookmarks). */
  visibleIds(ids: number[]): Promise<Set<number>> {
    return this.jobs.visibleIds(ids);
  }

  /** The public jobs by groups of `size` ids (the sitemap index). */
  publicIdGroups(
    now: Date,
    size: number,
  ): Promise<{ group: number; count: number; updatedAt: number }[]> {
    return this.jobs.publicIdGroups(now, size);
  }

  /** The companies with live jobs by groups of `size` ids (the sitemap's organisations). */
  liveCompanyGroups(now: Date, size: number) {
    return this.jobs.liveCompanyGroups(now, size);
  }

  /** The companies with live jobs and ids from `fromId` to `toId`, each with its slug (the sitemap). */
  liveCompanies(now: Date, fromId: number, toId: number) {
    return this.jobs.liveCompanies(now, fromId, toId);
  }

  /** The public jobs with ids from `fromId` to `toId` and when each last changed (the sitemap). */
  publicUpdates(now: Date, fromId: number, toId: number) {
    return this.jobs.publicUpdates(now, fromId, toId);
  }
}

/**
 * One search's answer in the public cache: the search itself, its order and its page (by number,
 * or by number and cursor).
 */
function searchKey(identity: string, request: SearchRequest): string {
  const page = `${request.page}:${request.pageSize}`;
  return `search:${identity}:${request.sortOption}:${page}${request.after ? `:${request.after}` : ''}`;
}
