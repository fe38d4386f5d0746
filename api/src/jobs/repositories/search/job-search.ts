import { TOTAL_COUNT_CAP } from '@jobboard/contract/common';
import type { SearchCursor } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { countRows } from '../../../platform/db/count';
import type { Dialect } from '../../../platform/db/knex';
import { loadedJob, loadRows, selectWholeRows, type LoadedJob, type WholeRow } from '../job-rows';
import type { SearchIndex } from '../search-index/search-index';
import type { BoardSearch } from '../../board-search';
import { labelIdsOf, searchCriteria, setFactory, type SetFactory } from './criteria';
import { FEATURED_THEN_NEWEST, NEWEST_FIRST, sortOrderFor, type SortOrder } from './sort-orders';
import { KnownSets, postgresDriver, PostgresPlanStats } from './postgres-plan';
import {
  cursorAfter,
  featuredFirst,
  featuredOnly,
  keysetParts,
  relevanceParts,
  type PartRow,
  type Row,
  type Selection,
} from './search-parts';
import { JobCountEstimate, PlanStats, sqliteFrom } from './sqlite-plan';

/**
 * What a search answers: the jobs of one page, whole (their rows and lists, job-rows.ts), in
 * order, how many match in all, and where the next page starts when there is one.
 */
export interface SearchPage {
  jobs: LoadedJob[];
  total: number;
  totalExact: boolean;
  /** The cursor the next page starts from (keyset paging), when there is a next page. */
  next?: SearchCursor;
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
  private readonly knownSets = new KnownSets();

  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    index: SearchIndex,
  ) {
    this.sets = setFactory(index, dialect);
  }

  /**
   * One page (`page` from 1, of `pageSize` jobs) of a search, in its sort order, its jobs whole,
   * and where the next page starts (`next`). With `after` (the previous page's cursor) the page is
   * the rows after it (a seek, whatever the depth: keysetParts); without, the rows past
   * `(page - 1) * pageSize` others. The statement that finds the page reads its jobs whole
   * (jobsOf), and the next page's cursor is made of the last job's own columns, so nothing is
   * read after the page is found; only 'Most Relevant' with words, read by number past page 1
   * (or on SQLite), finds its page's ids first and then reads those jobs (withJobs).
   */
  async find(
    search: BoardSearch,
    page: number,
    pageSize: number,
    now: Date,
    after?: SearchCursor,
  ): Promise<SearchPage> {
    const found = await this.findPage(search, page, pageSize, now, after);
    const rows = await this.withJobs(found.rows);
    const { total, totalExact } = found;
    const more = found.rows.length === pageSize && (total > page * pageSize || !totalExact);
    const last = rows[rows.length - 1];
    return {
      jobs: rows.map((row) => row.job),
      total,
      totalExact,
      ...(more && last ? { next: cursorAfter(search, last.job.row, last.part) } : {}),
    };
  }

  /** The rows of one page of a search, in order, and how many match (see find). */
  private async findPage(
    search: BoardSearch,
    page: number,
    pageSize: number,
    now: Date,
    after: SearchCursor | undefined,
  ): Promise<{ rows: PartRow[]; total: number; totalExact: boolean }> {
    const { terms } = search;
    const sortOption = search.filter.sortOption;
    const labels = await labelIdsOf(this.db, search);
    // A location or category no job has: nothing can match.
    if (labels.location?.length === 0 || labels.categories?.length === 0) {
      return { rows: [], total: 0, totalExact: true };
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
    if (after) {
      // A seek in each part (keysetParts), counted as the same page by number is (the pager's
      // ten pages on). PostgreSQL with a location or a category counts first, and sorts a few
      // matches rather than walk the order's index (as below). Each part reads at most a page:
      // its jobs are read whole.
      const keyset = keysetParts(parts, after, this.dialect);
      const read = (sortAll: boolean) =>
        keyset.oneAfterAnother
          ? this.readOneAfterAnother(keyset.parts, pageSize, stats, sortAll)
          : this.readRowsInOrder(keyset.parts, pageSize, stats, { sortAll, jobs: true });
      let seen: PartRow[];
      let counted: number;
      if (this.dialect !== 'sqlite' && whole.sets.some((set) => set.kind === 'label')) {
        counted = await this.countUpTo(whole, cap + 1, stats);
        seen = await read(counted <= cap);
      } else {
        [seen, counted] = await Promise.all([read(false), this.countUpTo(whole, cap + 1, stats)]);
      }
      // Parts merged (featuredFirst) may hold more than the page.
      return { rows: seen.slice(0, pageSize), ...totalOf(counted, cap) };
    }
    if (this.dialect === 'sqlite' && parts.length === 1) {
      // One statement gives the page, its jobs whole and the total: the ids in order up to the
      // cap, counted and paged by SQLite itself, then joined with their rows (jobsOf). Each set
      // (above all a broad text match) is built once, and only the page crosses into JavaScript.
      // (SQLite passes an ordered subquery's rows on in their order; test/jobs/search/search-at-size.test.ts
      // checks every order against a plain reference.)
      const { query } = await this.select(whole, cap + 1, stats);
      whole.order.apply(query);
      const pageIds = this.db
        .select('capped.id', this.db.raw('count(*) OVER () AS listed'))
        .from(query.limit(cap + 1).as('capped'))
        .limit(pageSize)
        .offset(offset);
      const rows: (WholeRow & { listed: number })[] = await this.jobsOf(
        pageIds,
        whole.order,
      ).select('page.listed');
      // A page past the end has no rows to carry the count: count apart (rare).
      const listed = rows.length
        ? Number(rows[0]!.listed)
        : await this.countUpTo(whole, cap + 1, stats);
      return { rows: rows.map((row) => partRow(row, 0)), ...totalOf(listed, cap) };
    }
    if (this.dialect === 'sqlite') {
      // 'Most Relevant' reads its parts (see relevanceParts) up to the cap, by id only, and merges
      // them here; the page's jobs are read after (withJobs).
      const rows = await this.readRowsInOrder(parts, cap + 1, stats);
      return { rows: rows.slice(offset, offset + pageSize), ...totalOf(rows.length, cap) };
    }
    // PostgreSQL counts (unordered, by whatever plan is cheapest) and reads the page in order.
    // With a location or a category it counts first: a search with few matches (up to the cap)
    // then reads them all by the cheapest plan for all of them (its words and labels matched in
    // one index scan) and sorts them. Asked for the first rows in the sort's order, PostgreSQL
    // would rather walk that order's index, which for a term and a location rarely seen together
    // ('washington' in Chicago: 43 jobs) passed 10,000 jobs before finding ten. Without labels
    // the two run at once, on two connections (a broad search's page is soon found in order).
    let rows: PartRow[];
    let counted: number;
    if (whole.sets.some((set) => set.kind === 'label')) {
      counted = await this.countUpTo(whole, cap + 1, stats);
      rows = await this.readPage(parts, offset, pageSize, stats, counted <= cap);
    } else {
      [rows, counted] = await Promise.all([
        this.readPage(parts, offset, pageSize, stats, false),
        this.countUpTo(whole, cap + 1, stats),
      ]);
    }
    return { rows, ...totalOf(counted, cap) };
  }

  /**
   * The public jobs matching a filter whose id is in (afterId, upToId], featured first then
   * newest: the first `limit` jobs, whole, and how many there are (up to TOTAL_COUNT_CAP). Jobs
   * are numbered as they are created, so these are the jobs new since `afterId` (the job alerts'
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
    if (!selection) return { jobs: [], total: 0, totalExact: true };
    const stats = this.stats();
    const [jobs, counted] = await Promise.all([
      this.readJobs(selection, limit, stats),
      this.countUpTo(selection, TOTAL_COUNT_CAP + 1, stats),
    ]);
    return { jobs, ...totalOf(counted, TOTAL_COUNT_CAP) };
  }

  /**
   * The newest `limit` public jobs matching a filter, featured or not (a feed), whole: the
   * board's criteria in NEWEST_FIRST order, read up to `limit` and not counted.
   */
  async newest(search: BoardSearch, now: Date, limit: number): Promise<LoadedJob[]> {
    const selection = await this.selectionFor(search, now, NEWEST_FIRST);
    return selection ? this.readJobs(selection, limit, this.stats()) : [];
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
      postgres: new PostgresPlanStats(this.db, this.knownSets),
    };
  }

  /** The first `limit` jobs of a selection, in its order, whole (read with them: jobsOf). */
  private async readJobs(selection: Selection, limit: number, stats: Stats) {
    const rows = await this.readPart(selection, 0, stats, limit, { jobs: true });
    return rows.flatMap((row) => (row.job ? [row.job] : []));
  }

  /** The first `limit` rows of the parts, in order, each with the index of its part. */
  private async readRowsInOrder(
    parts: Selection[],
    limit: number,
    stats: Stats,
    options: ReadOptions = {},
  ): Promise<PartRow[]> {
    const read: PartRow[][] = [];
    for (const [index, part] of parts.entries()) {
      // Once a part fills the list, later parts can only add their featured rows ahead of it.
      const full = read.some((rows) => rows.length >= limit);
      read.push(
        await this.readPart(full ? featuredOnly(part) : part, index, stats, limit, options),
      );
    }
    return read.length === 1 ? read[0]! : featuredFirst(read);
  }

  /** The first `limit` rows of parts whose rows all come before the next part's (keysetParts). */
  private async readOneAfterAnother(
    parts: Selection[],
    limit: number,
    stats: Stats,
    sortAll: boolean,
  ) {
    const rows: PartRow[] = [];
    const options = { sortAll, jobs: true };
    for (const part of parts) {
      if (rows.length >= limit) break;
      rows.push(...(await this.readRowsInOrder([part], limit - rows.length, stats, options)));
    }
    return rows;
  }

  /**
   * PostgreSQL: the `pageSize` rows of the parts past `offset` others, in order. One part is read
   * past the offset by the database itself, its jobs whole. Parts merged here (featuredFirst) are
   * each read up to the page's end, whole only when that is no more than the page (page 1).
   */
  private async readPage(
    parts: Selection[],
    offset: number,
    pageSize: number,
    stats: Stats,
    sortAll: boolean,
  ): Promise<PartRow[]> {
    if (parts.length === 1) {
      return this.readPart(parts[0]!, 0, stats, pageSize, { sortAll, jobs: true, offset });
    }
    const options = { sortAll, jobs: offset === 0 };
    const rows = await this.readRowsInOrder(parts, offset + pageSize, stats, options);
    return rows.slice(offset, offset + pageSize);
  }

  /** The `limit` rows of one part (the `index`th) past `offset` others, in its order. */
  private async readPart(
    selection: Selection,
    index: number,
    stats: Stats,
    limit: number,
    { sortAll = false, jobs = false, offset = 0 }: ReadOptions,
  ): Promise<PartRow[]> {
    const { query: matches } = await this.select(selection, offset + limit, stats);
    const query = sortAll
      ? this.db
          .select('jobs.id', 'jobs.featured')
          .from(matches.select(SORT_COLUMNS).offset(0).as('jobs'))
      : matches;
    selection.order.apply(query);
    query.limit(limit);
    if (offset) query.offset(offset);
    if (jobs) {
      const rows: WholeRow[] = await this.jobsOf(query, selection.order);
      return rows.map((row) => partRow(row, index));
    }
    const rows: Row[] = await query;
    return rows.map((row) => ({ id: Number(row.id), featured: row.featured, part: index }));
  }

  /**
   * The whole rows (selectWholeRows: the job, its company, its lists) of the jobs an ordered,
   * limited query of ids finds, in the same order: that query as a subquery joined with `jobs`
   * and `companies`, so that a page and its jobs come in one statement. Neither database merges a
   * subquery with a LIMIT into the join around it, so the ids are found by the very plan they
   * would be alone (the planners' choices above, the text match the driving set); the few rows
   * are then sorted again by the same keys (each order ends with the id: one order only). On
   * SQLite, CROSS JOIN keeps the page the outer loop, each job then read by its id.
   */
  private jobsOf(ids: Knex.QueryBuilder, order: SortOrder): Knex.QueryBuilder {
    const { db } = this;
    const join = this.dialect === 'sqlite' ? 'CROSS JOIN' : 'JOIN';
    const from = `? AS page ${join} jobs ON jobs.id = page.id
      ${join} companies ON companies.id = jobs.company_id`;
    const query = db.from(db.raw(from, [ids]));
    order.apply(query);
    return selectWholeRows(db, this.dialect, query);
  }

  /**
   * The rows with their jobs whole: as read with the page, or else (rows read by id only) read
   * now in one statement. A job gone in between is left out.
   */
  private async withJobs(rows: PartRow[]): Promise<(PartRow & { job: LoadedJob })[]> {
    const missing = rows.filter((row) => !row.job).map((row) => row.id);
    const loaded = new Map(
      (await loadRows(this.db, this.dialect, missing)).map((job) => [Number(job.row.id), job]),
    );
    return rows.flatMap((row) => {
      const job = row.job ?? loaded.get(row.id);
      return job ? [{ ...row, job }] : [];
    });
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
const SORT_COLUMNS = ['jobs.posted_date', 'jobs.pay_annual_low', 'jobs.pay_annual_high'];

interface Stats {
  sqlite: PlanStats;
  postgres: PostgresPlanStats;
}

/** How a part is read (readPart). */
interface ReadOptions {
  /**
   * PostgreSQL, for few matches: every match is read by the cheapest plan for all of them, then
   * sorted (the subquery's `OFFSET 0` keeps the planner from choosing the plan for the first rows
   * in order instead).
   */
  sortAll?: boolean;
  /** Each job read whole in the same statement (jobsOf): for reads of about a page. */
  jobs?: boolean;
  /** Rows skipped before the first one read (a page by number). */
  offset?: number;
}

/** A whole row (jobsOf) as a page's row of the part `part`. */
const partRow = (row: WholeRow, part: number): PartRow => ({
  id: Number(row.id),
  featured: row.featured,
  part,
  job: loadedJob(row),
});

/** A total as a search answers it: counted up to `cap` (one more row read says there are more). */
const totalOf = (counted: number, cap: number) => ({
  total: Math.min(counted, cap),
  totalExact: counted <= cap,
});
