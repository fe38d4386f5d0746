import type { SortOption } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';

/**
 * The orders of docs/product.md#states-and-transitions, each backed by an index that holds it (migration
 * 20261123000100_index_public_sort_orders), so a page of a broad search is read in order and the
 * read stops after the page: no sort of every match. Ties fall back to newest first, then the newest
 * row, so paging is stable. Expressions here must stay identical to the indexes' expressions.
 */
export interface SortOrder {
  apply(query: Knex.QueryBuilder): void;
  /** The index a SQLite scan in this order uses (`INDEXED BY`). */
  sqliteIndex: string;
}

const newestFirst = (query: Knex.QueryBuilder) =>
  query.orderBy('jobs.posted_date', 'desc').orderBy('jobs.id', 'desc');

/** Featured first, then newest: 'recent', and 'relevance' within each tier. */
export const FEATURED_THEN_NEWEST: SortOrder = {
  apply: (query) => newestFirst(query.orderBy('jobs.featured', 'desc')),
  sqliteIndex: 'jobs_public_recent_index',
};

/**
 * Newest first, featured or not: the feeds (a feed reader wants what is new, and a featured job
 * already leads the board). Backed by the live jobs' (archived, active, posted_date, id) index
 * (migration 20261127000330).
 */
export const NEWEST_FIRST: SortOrder = {
  apply: newestFirst,
  sqliteIndex: 'jobs_live_posted_date_index',
};

/** The largest figure of the salary first; jobs without one last; featured not first. */
const SALARY_HIGH: SortOrder = {
  apply: (query) =>
    newestFirst(
      query
        .orderByRaw('(COALESCE(jobs.salary_max, jobs.salary_min) IS NULL) ASC')
        .orderByRaw('COALESCE(jobs.salary_max, jobs.salary_min) DESC'),
    ),
  sqliteIndex: 'jobs_public_salary_high_index',
};

/** The smallest figure of the salary first; jobs without one last. */
const SALARY_LOW: SortOrder = {
  apply: (query) =>
    newestFirst(
      query
        .orderByRaw('(COALESCE(jobs.salary_min, jobs.salary_max) IS NULL) ASC')
        .orderByRaw('COALESCE(jobs.salary_min, jobs.salary_max) ASC'),
    ),
  sqliteIndex: 'jobs_public_salary_low_index',
};

/** 'relevance' is featured-then-newest within its text-match tiers (job-search.ts). */
export function sortOrderFor(option: SortOption): SortOrder {
  switch (option) {
    case 'salary-high':
      return SALARY_HIGH;
    case 'salary-low':
      return SALARY_LOW;
    case 'recent':
    case 'relevance':
      return FEATURED_THEN_NEWEST;
  }
}
