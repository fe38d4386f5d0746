import { MAX_PAGE_SIZE, RECENT_DAYS, addDays, isoDate } from '@jobboard/contract/common';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  recentJobLine,
  type Job,
  type OrganizationPage,
  type RecentJobLine,
  type SearchResponse,
} from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import type { Dialect } from '../../platform/db/knex';
import { toJob } from '../job-mapper';
import type { SearchIndex } from './search-index';
import type { BoardSearch } from '../board-search';
import { LISTING_END_COLUMNS, whereLive } from '../listing-end';
import { pageScope } from './search/criteria';
import { JobSearch } from './search/job-search';
import { loadRows, pluckIds, type LoadedJob } from './job-rows';
import { OrganizationReads, type SitemapOrganization } from './organization-reads';

/** The recent list holds at most this many jobs (the newest of the last RECENT_DAYS days). */
export const RECENT_JOBS_LIMIT = 500;

/**
 * The public's reads of jobs: the board's searches and lists, one job's page, the filter choices,
 * the feeds' and sitemap's reads, a member's bookmarks and an alert's new jobs. Only live jobs
 * are listed (listing-end.ts `whereLive`); a job's own page may be an ended one. All on the read
 * connections (platform/plugins/db.ts).
 */
export class PublicJobsRepository {
  private readonly searcher: JobSearch;
  private readonly organizations: OrganizationReads;

  constructor(
    private readonly readDb: Knex,
    private readonly dialect: Dialect,
    searchIndex: SearchIndex,
  ) {
    this.searcher = new JobSearch(readDb, dialect, searchIndex);
    this.organizations = new OrganizationReads(readDb);
  }

  // ---- organisations' pages (issue 47; organization-reads.ts) ---------------------------------

  /**
   * A company's page: the company and one page of its live jobs' lines; undefined: no such slug;
   * `movedTo`: the company was merged into another, whose page has that slug (issue 47).
   */
  async organizationPage(
    slug: string,
    page: number,
    pageSize: number,
    now: Date,
  ): Promise<OrganizationPage | { movedTo: string } | undefined> {
    const found = await this.organizations.bySlug(slug);
    if (!found || 'movedTo' in found) return found;
    const { ids, total } = await this.organizations.liveJobIds(found.id, now, page, pageSize);
    const jobs = (await this.loadInOrder(ids, now)).map(recentJobLine);
    return { organization: found.organization, jobs, total, page, pageSize };
  }

  /** Up to `count` live jobs like this one, never itself (OrganizationReads.similarIds). */
  async similar(jobId: number, now: Date, count: number): Promise<RecentJobLine[]> {
    const ids = await this.organizations.similarIds(jobId, now, count);
    return (await this.loadInOrder(ids, now)).map(recentJobLine);
  }

  /** The companies with live jobs by groups of `size` ids (the sitemap's layout). */
  liveCompanyGroups(now: Date, size: number) {
    return this.organizations.liveCompanyGroups(now, size);
  }

  /** The companies with live jobs and ids from `fromId` to `toId` (a sitemap file). */
  liveCompanies(now: Date, fromId: number, toId: number): Promise<SitemapOrganization[]> {
    return this.organizations.liveCompanies(now, fromId, toId);
  }

  /**
   * One page of every public job, featured first, newest first, for `GET /api/jobs` (which once
   * answered every job in one response: at 100,000 jobs that is 200 MB).
   */
  async listPublic(
    everyJob: BoardSearch,
    now: Date,
    page = 1,
    pageSize = MAX_PAGE_SIZE,
  ): Promise<{ jobs: Job[]; total: number; totalExact: boolean }> {
    const { jobs, total, totalExact } = await this.searcher.find(everyJob, page, pageSize, now);
    return { jobs: toJobs(jobs, now), total, totalExact };
  }

  /**
   * Public jobs posted in the last `days` days, newest first: the recent list. A busy board posts
   * thousands in ten days, so the list holds the newest RECENT_JOBS_LIMIT of them.
   */
  async listRecent(now: Date, days = RECENT_DAYS): Promise<Job[]> {
    const query = this.readDb('jobs').select('jobs.id');
    whereLive(query, now);
    query
      .where('jobs.posted_date', '>=', isoDate(addDays(now, -days)))
      .orderBy('jobs.posted_date', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(RECENT_JOBS_LIMIT);
    return this.loadInOrder(await pluckIds(query), now);
  }

  /**
   * A job whose page may be shown (pageScope): active and not held back, expired or not (an expired job keeps its URL and says it
   * no longer takes applications).
   */
  async findVisible(id: number, now: Date): Promise<Job | undefined> {
    const query = this.readDb('jobs').where('jobs.id', id).select('jobs.id');
    pageScope(query);
    const [job] = await this.loadInOrder(await pluckIds(query), now);
    return job;
  }

  /** Whether a job with this id exists at all, public or not (a closed job's page says so). */
  async exists(id: number): Promise<boolean> {
    const row = await this.readDb('jobs').where('id', id).first('id');
    return row !== undefined;
  }

  /**
   * The public jobs in groups of `size` consecutive ids (group g holds the ids g*size+1 to
   * (g+1)*size): how many each group has and when its newest change was. The sitemap index: one
   * file per group that has any, so a job stays in the same file for as long as it is listed.
   * One pass over two columns, kept in the public cache.
   */
  async publicIdGroups(
    now: Date,
    size: number,
  ): Promise<{ group: number; count: number; updatedAt: number }[]> {
    const query = this.readDb('jobs').select(
      this.readDb.raw('(jobs.id - 1) / ? as id_group', [size]),
      this.readDb.raw('count(*) as job_count'),
      this.readDb.raw('max(jobs.updated_at) as updated_at'),
    );
    whereLive(query, now);
    const rows: {
      id_group: number | string;
      job_count: number | string;
      updated_at: number | string;
    }[] = await query.groupBy('id_group').orderBy('id_group');
    return rows.map((r) => ({
      group: Number(r.id_group),
      count: Number(r.job_count),
      updatedAt: Number(r.updated_at),
    }));
  }

  /**
   * Every public job's id and when it last changed, by id, with ids from `fromId` to `toId`
   * (both included): the sitemap, or one file of it.
   */
  async publicUpdates(
    now: Date,
    fromId: number,
    toId: number,
  ): Promise<{ id: number; updatedAt: number }[]> {
    const query = this.readDb('jobs')
      .select('jobs.id', 'jobs.updated_at')
      .whereBetween('jobs.id', [fromId, toId]);
    whereLive(query, now);
    const rows: { id: number; updated_at: number | string }[] = await query.orderBy('jobs.id');
    return rows.map((r) => ({ id: Number(r.id), updatedAt: Number(r.updated_at) }));
  }

  /**
   * Which of these ids name a job whose page may be shown (as findVisible): a member's bookmarks of
   * the others are shown as removed.
   */
  async visibleIds(ids: number[]): Promise<Set<number>> {
    const visible = new Set<number>();
    for (const part of chunks(ids)) {
      const query = this.readDb('jobs').whereIn('jobs.id', part).select('jobs.id');
      pageScope(query);
      for (const id of await pluckIds(query)) visible.add(id);
    }
    return visible;
  }

  /**
   * One page of the public jobs a search matches, how many match in all, and where the next page
   * starts (`next`, given back as `after`: keyset paging, JobSearch.find).
   */
  async search(
    search: BoardSearch,
    page: number,
    pageSize: number,
    now: Date,
    after?: string,
  ): Promise<SearchResponse> {
    // The request's struct has refused any text that is not a cursor of this sort order.
    const cursor = after === undefined ? undefined : (decodeSearchCursor(after) ?? undefined);
    // The page comes with its jobs whole and the next page's cursor (JobSearch.find).
    const found = await this.searcher.find(search, page, pageSize, now, cursor);
    const { total, totalExact } = found;
    const jobs = toJobs(found.jobs, now);
    const next = found.next && encodeSearchCursor(found.next);
    return { jobs, total, totalExact, page, pageSize, ...(next ? { next } : {}) };
  }

  /** The newest `limit` public jobs of a search, featured or not, newest first: a feed. */
  async newest(search: BoardSearch, limit: number, now: Date): Promise<Job[]> {
    return toJobs(await this.searcher.newest(search, now, limit), now);
  }

  /** The jobs with these ids, whole, in the order of the ids. */
  async loadInOrder(ids: number[], now: Date): Promise<Job[]> {
    return toJobs(await loadRows(this.readDb, this.dialect, ids), now);
  }

  /**
   * Public jobs matching a search created after the job `afterId` and up to `upToId` (see
   * JobSearch.findNew): the first `limit` of them, whole, and how many there are.
   */
  async findNew(
    search: BoardSearch,
    window: { afterId: number; upToId: number },
    now: Date,
    limit: number,
  ): Promise<{ jobs: Job[]; total: number; totalExact: boolean }> {
    const { jobs, total, totalExact } = await this.searcher.findNew(search, window, now, limit);
    return { jobs: toJobs(jobs, now), total, totalExact };
  }

  /** The id of the newest job (0 when there is none): where "new since now" starts. */
  async latestId(): Promise<number> {
    const [row] = await this.readDb('jobs').max({ id: 'id' });
    return Number(row?.id ?? 0);
  }

  /** Distinct locations of public jobs, alphabetical. */
  async publicLocations(now: Date): Promise<string[]> {
    return this.publicNames('locations', 'job_locations', 'location_id', now);
  }

  /** Distinct categories of public jobs, alphabetical. */
  async publicCategories(now: Date): Promise<string[]> {
    return this.publicNames('categories', 'job_categories', 'category_id', now);
  }

  /**
   * When a public answer may next change by itself (epoch ms): the next end of an active job
   * comes (listing-end.ts), or the day (UTC) ends, which moves the recent list's and the 'posted
   * within' and 'closing soon' filters' windows. The public reads must not be served past that instant.
   */
  async nextExpiry(now: Date): Promise<number> {
    const next = async (column: (typeof LISTING_END_COLUMNS)[number]) => {
      const rows: { at?: unknown }[] = await this.readDb('jobs')
        .where('active', true)
        .andWhere(column, '>', now.getTime())
        .min({ at: column });
      const value = rows[0]?.at;
      return value == null ? Number.POSITIVE_INFINITY : Number(value);
    };
    const nextDay = addDays(new Date(`${isoDate(now)}T00:00:00Z`), 1).getTime();
    let soonest = nextDay;
    for (const column of LISTING_END_COLUMNS) soonest = Math.min(soonest, await next(column));
    return soonest;
  }

  async count(): Promise<number> {
    const [row] = await this.readDb('jobs').count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /**
   * Names with at least one public job. Asked per name (a few hundred), each stopping at its first
   * public job, instead of collecting the names of every public job (100,000 at a real size).
   */
  private async publicNames(
    table: 'locations' | 'categories',
    joinTable: 'job_locations' | 'job_categories',
    key: 'location_id' | 'category_id',
    now: Date,
  ): Promise<string[]> {
    const rows: { name: string }[] = await this.readDb(table)
      .whereExists((q) => {
        q.select(this.readDb.raw('1'))
          .from(joinTable)
          .join('jobs', 'jobs.id', `${joinTable}.job_id`)
          .whereRaw(`${joinTable}.${key} = ${table}.id`);
        whereLive(q, now);
      })
      .select('name');
    // Sorted here, not in SQL: SQLite and PostgreSQL collate text differently.
    return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b, 'en'));
  }
}

/** Jobs read whole (job-rows.ts) in their public shape. */
function toJobs(loaded: LoadedJob[], now: Date): Job[] {
  return loaded.map(({ row, lists }) => toJob(row, lists, now));
}
