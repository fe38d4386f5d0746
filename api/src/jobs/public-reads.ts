import { EXPERIENCE_LEVELS, JOB_TYPE_FLAGS, type SearchRequest } from '@jobboard/contract';
import { NotFound } from '../domain-errors';
import type { JobsRepository } from './jobs-repository';
import { labelKey } from './label-key';
import type { CachedBody, PublicCache } from './public-cache';
import { searchTerms } from './search-index';

/**
 * Every public read of jobs, as the answer the API sends (serialized once, from the cache). The
 * jobs routes send them; the page renderer puts the first view's in the page, so a visitor's first
 * card and the API agree byte for byte.
 */
export class PublicReads {
  constructor(
    private readonly jobs: JobsRepository,
    readonly cache: PublicCache,
    private readonly now: () => Date,
  ) {}

  /** One page of the public list, with its X-Total-Count and Link headers. */
  list(page: number, pageSize: number): Promise<CachedBody> {
    return this.cache.answer(`list:${page}:${pageSize}`, async () => {
      const { ids, total, totalExact } = await this.jobs.listPublic(this.now(), page, pageSize);
      const next = `</api/jobs?page=${page + 1}&pageSize=${pageSize}>; rel="next"`;
      return {
        body: await this.jobs.loadInOrder(ids, this.now()),
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

  /** One job; NotFound when there is no such job to show. */
  job(id: number): Promise<CachedBody> {
    return this.cache.get(`job:${id}`, async () => {
      const job = await this.jobs.findVisible(id, this.now());
      if (!job) throw new NotFound('Job not found');
      return job;
    });
  }

  /**
   * Whether a job exists at all, public or not: a job `job` does not find but that exists was
   * taken off the board, and its page says the role is closed.
   */
  async exists(id: number): Promise<boolean> {
    const exists = await this.cache.get(`exists:${id}`, () => this.jobs.exists(id));
    return exists.bytes.toString() === 'true';
  }

  search(request: SearchRequest): Promise<CachedBody> {
    return this.cache.get(`search:${searchKey(request)}`, () =>
      this.jobs.search(request, this.now()),
    );
  }

  locations(): Promise<CachedBody> {
    return this.cache.get('locations', () => this.jobs.publicLocations(this.now()));
  }

  categories(): Promise<CachedBody> {
    return this.cache.get('categories', () => this.jobs.publicCategories(this.now()));
  }
}

/** The same search, however its body was written: keys in one order, categories as a set. */
function searchKey(search: SearchRequest): string {
  return JSON.stringify([
    searchTerms(search.query),
    ...JOB_TYPE_FLAGS.map((flag) => search.jobType[flag]),
    ...EXPERIENCE_LEVELS.map((level) => search.experience[level]),
    search.salaryRange,
    labelKey(search.location),
    [...new Set(search.category.map(labelKey))].sort(),
    search.sortOption,
    search.page,
    search.pageSize,
  ]);
}
