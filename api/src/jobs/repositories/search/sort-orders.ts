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
  /** The order's terms, as `apply` sorts by them: what a keyset seek compares (seekAfter). */
  keys: SortKey[];
}

/** One term of a sort order: its SQL expression and whether it sorts descending. */
export interface SortKey {
  sql: string;
  desc: boolean;
}

/** A sort key's value in a cursor, as the database compares it (booleans as the dialect stores them). */
export type KeyValue = string | number | boolean | null;

const POSTED_THEN_ID: SortKey[] = [
  { sql: 'jobs.posted_date', desc: true },
  { sql: 'jobs.id', desc: true },
];

const newestFirst = (query: Knex.QueryBuilder) =>
  query.orderBy('jobs.posted_date', 'desc').orderBy('jobs.id', 'desc');

/** Featured first, then newest: 'recent', and 'relevance' within each tier. */
export const FEATURED_THEN_NEWEST: SortOrder = {
  apply: (query) => newestFirst(query.orderBy('jobs.featured', 'desc')),
  sqliteIndex: 'jobs_public_recent_index',
  keys: [{ sql: 'jobs.featured', desc: true }, ...POSTED_THEN_ID],
};

/**
 * Newest first, featured or not: the feeds (a feed reader wants what is new, and a featured job
 * already leads the board). Backed by the live jobs' (archived, active, posted_date, id) index
 * (migration 20261127000330).
 */
export const NEWEST_FIRST: SortOrder = {
  apply: newestFirst,
  sqliteIndex: 'jobs_live_posted_date_index',
  keys: POSTED_THEN_ID,
};

/**
 * The highest pay first, by the annual equivalent of its top (docs/product.md#pay: an hourly
 * pay times 2,080, ...); jobs without one (no pay, a stipend or fixed fee, another currency)
 * last; featured not first. Backed by migration 20261129000110's index.
 */
const SALARY_HIGH: SortOrder = {
  apply: (query) =>
    newestFirst(
      query
        .orderByRaw('(jobs.pay_annual_high IS NULL) ASC')
        .orderByRaw('jobs.pay_annual_high DESC'),
    ),
  sqliteIndex: 'jobs_public_pay_high_index',
  keys: [
    { sql: '(jobs.pay_annual_high IS NULL)', desc: false },
    { sql: 'jobs.pay_annual_high', desc: true },
    ...POSTED_THEN_ID,
  ],
};

/** The lowest pay first, by the annual equivalent of its bottom; jobs without one last. */
const SALARY_LOW: SortOrder = {
  apply: (query) =>
    newestFirst(
      query.orderByRaw('(jobs.pay_annual_low IS NULL) ASC').orderByRaw('jobs.pay_annual_low ASC'),
    ),
  sqliteIndex: 'jobs_public_pay_low_index',
  keys: [
    { sql: '(jobs.pay_annual_low IS NULL)', desc: false },
    { sql: 'jobs.pay_annual_low', desc: false },
    ...POSTED_THEN_ID,
  ],
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

/** An order by `keys` alone: a salary order within one group (with a figure, or without). */
export function orderByKeys(keys: readonly SortKey[]): (query: Knex.QueryBuilder) => void {
  return (query) => {
    for (const key of keys) query.orderByRaw(`${key.sql} ${key.desc ? 'DESC' : 'ASC'}`);
  };
}

/**
 * The rows after `values` (one per key, the last row of the previous page) in the order of `keys`:
 * a keyset seek. Exactly: some key is past its value and every key before it equal (a key whose
 * value is null has nothing past it). So that the index is entered at that place rather than read
 * from its start, the longest leading run
 * of keys in one direction as a row value: `(featured, posted_date, id) < (?, ?, ?)` for 'Most
 * Recent' (the whole key, so the exact form is that alone). PostgreSQL seeks an index on a row value
 * after its equality columns; SQLite on a row value of plain columns only, so a run that starts with
 * an expression (a salary figure) also bounds that expression alone (`<=` / `>=` its value).
 */
export function seekAfter(
  keys: readonly SortKey[],
  values: readonly KeyValue[],
): (query: Knex.QueryBuilder) => void {
  const past = (key: SortKey) => (key.desc ? '<' : '>');
  let run = 0;
  while (run < keys.length && keys[run]!.desc === keys[0]!.desc && values[run] !== null) run++;
  const conditions: string[] = [];
  const bindings: KeyValue[] = [];
  // Only for an expression: on plain columns SQLite would take this bound over the row value's.
  if (run > 1 && !/^jobs\.\w+$/.test(keys[0]!.sql)) {
    conditions.push(`${keys[0]!.sql} ${past(keys[0]!)}= ?`);
    bindings.push(values[0]!);
  }
  if (run > 0) {
    const columns = keys.slice(0, run).map((k) => k.sql);
    const strict = run === keys.length ? '' : '=';
    const marks = columns.map(() => '?').join(', ');
    conditions.push(`(${columns.join(', ')}) ${past(keys[0]!)}${strict} (${marks})`);
    bindings.push(...values.slice(0, run));
  }
  if (run < keys.length) {
    const clauses: string[] = [];
    keys.forEach((key, j) => {
      if (values[j] === null) return;
      const terms: string[] = [];
      keys.slice(0, j).forEach((before, l) => {
        if (values[l] === null) terms.push(`${before.sql} IS NULL`);
        else {
          terms.push(`${before.sql} = ?`);
          bindings.push(values[l]!);
        }
      });
      terms.push(`${key.sql} ${past(key)} ?`);
      bindings.push(values[j]!);
      clauses.push(`(${terms.join(' AND ')})`);
    });
    conditions.push(`(${clauses.join(' OR ')})`);
  }
  const sql = conditions.join(' AND ');
  return (query) => void query.whereRaw(sql, bindings);
}
