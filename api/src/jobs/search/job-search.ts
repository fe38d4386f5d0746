import { TOTAL_COUNT_CAP } from '@jobboard/contract/common';
import type { Knex } from 'knex';
import { countRows } from '../../db/count';
import type { Dialect } from '../../db/knex';
import type { SearchIndex } from '../search-index/search-index';
import type { BoardSearch } from './board-search';
import { labelIdsOf, searchCriteria, setFactory, type JobSet, type SetFactory } from './criteria';
import { FEATURED_THEN_NEWEST, NEWEST_FIRST, sortOrderFor, type SortOrder } from './sort-orders';
import { BroadSets, postgresDriver, PostgresPlanStats } from './postgres-plan';
import { JobCountEstimate, PlanStats, sqliteFrom } from './sqlite-plan';

/** What a search answers: the ids of one page, in order, and how many match in all. */
export interface SearchPage {
  ids: number[];
  total: number;
  totalExact: boolean;
}

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

/**
 * The board's search at any size. Every set (the text match, a location, categories) is evaluated
 * once per query, and each page is read in the order of an index, so a page costs about the same
 * at 100 jobs and at 100,000 (see bench/report.md). Totals of broad searches are counted up to a
 * cap rather than to the end.
 */
export class JobSearch {
  private readonly sets: SetFactory;
  private readonly jobCount = new JobCountEstimate();
  private readonly broadSets = new BroadSets();

  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    index: SearchIndex,
  ) {
    this.sets = setFactory(index, dialect);
  }

  /** One page (`page` from 1, of `pageSize` jobs) of a search, in its sort order. */
  async find(search: BoardSearch, page: number, pageSize: number, now: Date): Promise<SearchPage> {
    const { terms } = search;
    const sortOption = search.filter.sortOption;
    const labels = await labelIdsOf(this.db, search);
    // A location or category no job has: nothing can match.
    if (labels.location?.length === 0 || labels.categories?.length === 0) {
      return { ids: [], total: 0, totalExact: true };
    }
    const criteria = searchCriteria(search, now, this.sets, labels);
    const whole: Selection = {
      sets: criteria.sets,
      excluded: [],
      rowFilters: criteria.rowFilters,
      order: sortOrderFor(sortOption),
    };
    const parts =
      sortOption === 'relevance' && terms.length
        ? relevanceParts(whole, this.sets.text(terms, 'title'))
        : [whole];

    const offset = (page - 1) * pageSize;
    // Counted far enough to draw the pager ten pages past this one, and never less than the cap.
    const cap = Math.max(TOTAL_COUNT_CAP, offset + pageSize * 10);
    const stats = this.stats();
    if (this.dialect === 'sqlite' && parts.length === 1) {
      // One statement gives both the page and the total: the ids in order up to the cap, counted
      // and paged by SQLite itself. Each set (above all a broad text match) is built once, and only
      // the page crosses into JavaScript. (SQLite passes an ordered subquery's rows on in their
      // order; test/search-at-size.test.ts checks every order against a plain reference.)
      const { query } = await this.select(whole, cap + 1, stats);
      whole.order.apply(query);
      const rows: { id: number; listed: number }[] = await this.db
        .select('capped.id', this.db.raw('count(*) OVER () AS listed'))
        .from(query.limit(cap + 1).as('capped'))
        .limit(pageSize)
        .offset(offset);
      // A page past the end has no rows to carry the count: count apart (rare).
      const listed = rows.length
        ? Number(rows[0]!.listed)
        : await this.countUpTo(whole, cap + 1, stats);
      return {
        ids: rows.map((row) => Number(row.id)),
        total: Math.min(listed, cap),
        totalExact: listed <= cap,
      };
    }
    if (this.dialect === 'sqlite') {
      // 'Most Relevant' reads its parts (see relevanceParts) up to the cap and merges them here.
      const ids = await this.readInOrder(parts, cap + 1, stats);
      return {
        ids: ids.slice(offset, offset + pageSize),
        total: Math.min(ids.length, cap),
        totalExact: ids.length <= cap,
      };
    }
    // PostgreSQL counts (unordered, by whatever plan is cheapest) and reads the page in order.
    // With a location or a category it counts first: a search with few matches (up to the cap)
    // then reads them all by the cheapest plan for all of them (its words and labels matched in
    // one index scan) and sorts them. Asked for the first rows in the sort's order, PostgreSQL
    // would rather walk that order's index, which for a term and a location rarely seen together
    // ('washington' in Chicago: 43 jobs) passed 10,000 jobs before finding ten. Without labels
    // the two run at once, on two connections (a broad search's page is soon found in order).
    let ids: number[];
    let counted: number;
    if (whole.sets.some((set) => set.kind === 'label')) {
      counted = await this.countUpTo(whole, cap + 1, stats);
      ids = await this.readInOrder(parts, offset + pageSize, stats, counted <= cap);
    } else {
      [ids, counted] = await Promise.all([
        this.readInOrder(parts, offset + pageSize, stats),
        this.countUpTo(whole, cap + 1, stats),
      ]);
    }
    return {
      ids: ids.slice(offset, offset + pageSize),
      total: Math.min(counted, cap),
      totalExact: counted <= cap,
    };
  }

  /**
   * The public jobs matching a filter whose id is in (afterId, upToId], featured first then
   * newest: the first `limit` ids, and how many there are (up to TOTAL_COUNT_CAP). Jobs are
   * numbered as they are created, so these are the jobs new since `afterId` (the job alerts'
   * digests). The same criteria as the board's search, plus the id window.
   */
  async findNew(
    search: BoardSearch,
    window: { afterId: number; upToId: number },
    now: Date,
    limit: number,
  ): Promise<SearchPage> {
    const selection = await this.selectionFor(search, now, FEATURED_THEN_NEWEST, (q) =>
      q.where('jobs.id', '>', window.afterId).andWhere('jobs.id', '<=', window.upToId),
    );
    if (!selection) return { ids: [], total: 0, totalExact: true };
    const stats = this.stats();
    const [ids, counted] = await Promise.all([
      this.readInOrder([selection], limit, stats),
      this.countUpTo(selection, TOTAL_COUNT_CAP + 1, stats),
    ]);
    return {
      ids,
      total: Math.min(counted, TOTAL_COUNT_CAP),
      totalExact: counted <= TOTAL_COUNT_CAP,
    };
  }

  /**
   * The newest `limit` public jobs matching a filter, featured or not (a feed): the board's
   * criteria in NEWEST_FIRST order, read up to `limit` and not counted.
   */
  async newest(search: BoardSearch, now: Date, limit: number): Promise<number[]> {
    const selection = await this.selectionFor(search, now, NEWEST_FIRST);
    return selection ? this.readInOrder([selection], limit, this.stats()) : [];
  }

  /** The board's criteria for a search, in `order`; null when a label it names has no job. */
  private async selectionFor(
    search: BoardSearch,
    now: Date,
    order: SortOrder,
    ...extra: ((query: Knex.QueryBuilder) => void)[]
  ): Promise<Selection | null> {
    const labels = await labelIdsOf(this.db, search);
    if (labels.location?.length === 0 || labels.categories?.length === 0) return null;
    const criteria = searchCriteria(search, now, this.sets, labels);
    return {
      sets: criteria.sets,
      excluded: [],
      rowFilters: [...criteria.rowFilters, ...extra],
      order,
    };
  }

  private stats(): Stats {
    return {
      sqlite: new PlanStats(this.db, this.jobCount),
      postgres: new PostgresPlanStats(this.db, this.broadSets),
    };
  }

  /**
   * The first `limit` ids of the parts, in order. `sortAll` (PostgreSQL, for few matches): every
   * match is read by the cheapest plan for all of them, then sorted (the subquery's `OFFSET 0`
   * keeps the planner from choosing the plan for the first rows in order instead).
   */
  private async readInOrder(parts: Selection[], limit: number, stats: Stats, sortAll = false) {
    const read: Row[][] = [];
    for (const part of parts) {
      // Once a part fills the list, later parts can only add their featured rows ahead of it.
      const full = read.some((rows) => rows.length >= limit);
      const selection = full ? featuredOnly(part) : part;
      const { query: matches } = await this.select(selection, limit, stats);
      const query = sortAll
        ? this.db
            .select('jobs.id', 'jobs.featured')
            .from(matches.select(SORT_COLUMNS).offset(0).as('jobs'))
        : matches;
      selection.order.apply(query);
      read.push(await query.limit(limit));
    }
    return (read.length === 1 ? read[0]! : featuredFirst(read)).map((row) => Number(row.id));
  }

  private async countUpTo(selection: Selection, limit: number, stats: Stats) {
    const { query } = await this.select(selection, limit, stats);
    return countRows(this.db, query.limit(limit));
  }

  /**
   * `SELECT jobs.id FROM ... WHERE ...` for a selection, planned for this database. (Wrapped in an
   * object: a query builder is a thenable, and returning it from an async function would run it.)
   */
  private async select(
    selection: Selection,
    wanted: number,
    stats: Stats,
  ): Promise<{ query: Knex.QueryBuilder }> {
    const { db } = this;
    let query: Knex.QueryBuilder;
    let checks = selection.sets;
    if (this.dialect === 'sqlite') {
      const planned = await sqliteFrom(db, selection, wanted, stats.sqlite);
      query = db.from(planned.from);
      checks = selection.sets.filter((set) => set !== planned.driver);
    } else {
      query = db.from('jobs');
      const planned = await postgresDriver(selection, stats.postgres);
      if (planned) {
        query.whereRaw('jobs.id = ANY(?::int[])', [planned.ids]);
        checks = selection.sets.filter((set) => set !== planned.driver);
      }
    }
    query.select('jobs.id', 'jobs.featured');
    for (const filter of selection.rowFilters) filter(query);
    for (const set of checks) query.where(set.condition(db));
    for (const set of selection.excluded) query.where(set.condition(db, true));
    return { query };
  }
}

/** The columns the sort orders read (sort-orders.ts), besides the id and `featured`. */
const SORT_COLUMNS = ['jobs.posted_date', 'jobs.salary_min', 'jobs.salary_max'];

interface Stats {
  sqlite: PlanStats;
  postgres: PostgresPlanStats;
}

interface Row {
  id: number;
  featured: boolean | number;
}

/**
 * 'Most Relevant' with words: featured first, then the jobs with every word in the title, then the
 * other matches, newest first within each. Read as two parts (title matches, the rest), each in
 * featured-then-newest order.
 */
function relevanceParts(whole: Selection, inTitle: JobSet): Selection[] {
  return [
    { ...whole, sets: [...whole.sets, inTitle], order: FEATURED_THEN_NEWEST },
    { ...whole, excluded: [inTitle], order: FEATURED_THEN_NEWEST },
  ];
}

function featuredOnly(part: Selection): Selection {
  return { ...part, rowFilters: [...part.rowFilters, (q) => q.where('jobs.featured', true)] };
}

/**
 * Parts each read featured first, merged into one list with every part's featured rows before any
 * part's others (each part keeps its order). Each part was read up to the cap, which is enough for
 * the merged list up to the cap.
 */
function featuredFirst(parts: Row[][]): Row[] {
  const featured = parts.flatMap((rows) => rows.filter((row) => Boolean(row.featured)));
  const others = parts.flatMap((rows) => rows.filter((row) => !row.featured));
  return [...featured, ...others];
}
