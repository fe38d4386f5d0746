import type { SearchCursor } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { Dialect } from '../../../platform/db/knex';
import type { BoardSearch } from '../../board-search';
import type { LoadedJob } from '../job-rows';
import type { JobSet } from './criteria';
import {
  FEATURED_THEN_NEWEST,
  orderByKeys,
  seekAfter,
  type KeyValue,
  type SortOrder,
} from './sort-orders';

/**
 * The parts a search's result list is read in (job-search.ts), how they are merged, and where the
 * next page starts: the cursor a page ends with, and the parts continued after it (keyset paging).
 */

/**
 * A part of the result list in its order: the criteria plus what singles the part out. A plain
 * search is one part; 'Most Relevant' with words is two (the jobs whose title holds every word,
 * and the other matches), each read in index order, then merged so featured jobs come first.
 */
export interface Selection {
  sets: JobSet[];
  excluded: JobSet[];
  rowFilters: ((query: Knex.QueryBuilder) => void)[];
  order: SortOrder;
}

/** A row of a part as read by id: the job's id, and whether it is featured. */
export interface Row {
  id: number;
  featured: boolean | number;
}

/**
 * A row read for a page, with the index of the part it came from, and its job whole when the
 * statement that found it read that too (job-search.ts jobsOf).
 */
export interface PartRow extends Row {
  part: number;
  job?: LoadedJob;
}

/** The sort key of one job, as a cursor is made of it. */
interface KeyRow {
  id: number;
  featured: boolean | number;
  posted_date: string;
  pay_annual_low: number | string | null;
  pay_annual_high: number | string | null;
}

/** An annual figure as a cursor holds it (PostgreSQL may answer an integer as text). */
const annualKey = (value: number | string | null) => (value == null ? null : Number(value));

/**
 * The cursor of the page after the one that ends with `row`: its sort key, from the row's own
 * columns (read with the page), and for 'Most Relevant' with words whether it came from the title
 * matches (part 0 of relevanceParts).
 */
export function cursorAfter(search: BoardSearch, row: KeyRow, part: number): SearchCursor {
  const base = { v: 1 as const, d: row.posted_date, i: Number(row.id) };
  const sort = search.filter.sortOption;
  switch (sort) {
    case 'recent':
      return { ...base, s: sort, f: Boolean(row.featured) };
    case 'relevance':
      return {
        ...base,
        s: sort,
        f: Boolean(row.featured),
        t: search.terms.length > 0 && part === 0,
      };
    case 'salary-high':
      return { ...base, s: sort, m: annualKey(row.pay_annual_high) };
    case 'salary-low':
      return { ...base, s: sort, m: annualKey(row.pay_annual_low) };
  }
}

/**
 * The parts of a search continued after `cursor` (keyset paging), each keeping the rows after the
 * cursor in its order, each entered at the cursor's place in its index (seekAfter).
 *
 * - 'Most Recent' and 'Most Relevant' without words: one part, (featured, posted_date, id) after
 *   the cursor's.
 * - 'Most Relevant' with words reads featured jobs first, and title matches before other matches
 *   of the same featured tier, in two parts merged (featuredFirst): the part of the cursor's own
 *   tier seeks on (featured, posted_date, id); a later tier keeps the rows of the cursor's featured
 *   tier and after, an earlier one only those of a later featured tier.
 * - Salary orders: the jobs with a figure come before those without, so the rest of the cursor's
 *   group (seeking on the figure, posted_date and id within it), then, after a job with a figure,
 *   the whole group without one: two parts read one after the other (`oneAfterAnother`). The
 *   'without a figure' flag alone leads their indexes, and a bound on it would not seek.
 */
export function keysetParts(
  parts: Selection[],
  cursor: SearchCursor,
  dialect: Dialect,
): { parts: Selection[]; oneAfterAnother: boolean } {
  const flag = (value: boolean): KeyValue => (dialect === 'sqlite' ? Number(value) : value);
  const withFilter = (part: Selection, filter: (query: Knex.QueryBuilder) => void) => ({
    ...part,
    rowFilters: [...part.rowFilters, filter],
  });
  if (cursor.s === 'salary-high' || cursor.s === 'salary-low') {
    const part = parts[0]!;
    const [withoutFigure, figure, ...newest] = part.order.keys;
    // One group, ordered by the keys after the group's own (SQLite sorts anew when an order leads
    // with an expression its index holds as equal to a value).
    const group = (without: boolean): Selection => {
      const keys = without ? newest : [figure!, ...newest];
      return withFilter(
        { ...part, order: { ...part.order, apply: orderByKeys(keys), keys } },
        (query) => void query.whereRaw(`${withoutFigure!.sql} = ?`, [flag(without)]),
      );
    };
    const m = cursor.m ?? null;
    if (m === null) {
      // Jobs without a figure are in posted_date, id order among themselves.
      return {
        parts: [withFilter(group(true), seekAfter(newest, [cursor.d, cursor.i]))],
        oneAfterAnother: true,
      };
    }
    const rest = withFilter(group(false), seekAfter([figure!, ...newest], [m, cursor.d, cursor.i]));
    return { parts: [rest, group(true)], oneAfterAnother: true };
  }
  const featured = cursor.f ?? false;
  const sameTier = seekAfter(FEATURED_THEN_NEWEST.keys, [flag(featured), cursor.d, cursor.i]);
  if (parts.length === 1)
    return { parts: [withFilter(parts[0]!, sameTier)], oneAfterAnother: false };
  const cursorPart = cursor.t ? 0 : 1;
  return {
    parts: parts.map((part, index) => {
      if (index === cursorPart) return withFilter(part, sameTier);
      const op = index > cursorPart ? '<=' : '<';
      return withFilter(part, (query) => void query.where('jobs.featured', op, flag(featured)));
    }),
    oneAfterAnother: false,
  };
}

/**
 * 'Most Relevant' with words: featured first, then the jobs with every word in the title, then the
 * other matches, newest first within each. Read as two parts (title matches, the rest), each in
 * featured-then-newest order.
 */
export function relevanceParts(whole: Selection, inTitle: JobSet): Selection[] {
  return [
    { ...whole, sets: [...whole.sets, inTitle], order: FEATURED_THEN_NEWEST },
    { ...whole, excluded: [inTitle], order: FEATURED_THEN_NEWEST },
  ];
}

export function featuredOnly(part: Selection): Selection {
  return { ...part, rowFilters: [...part.rowFilters, (q) => q.where('jobs.featured', true)] };
}

/**
 * Parts each read featured first, merged into one list with every part's featured rows before any
 * part's others (each part keeps its order). Each part was read up to the cap, which is enough for
 * the merged list up to the cap.
 */
export function featuredFirst(parts: PartRow[][]): PartRow[] {
  const featured = parts.flatMap((rows) => rows.filter((row) => Boolean(row.featured)));
  const others = parts.flatMap((rows) => rows.filter((row) => !row.featured));
  return [...featured, ...others];
}
