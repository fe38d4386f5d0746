import { addDays, isoDate } from '@jobboard/contract/common';
import {
  CLOSING_CHOICES,
  JOB_TYPE_FILTERS,
  POSTED_WITHIN,
  SALARY_RANGES,
  TOTAL_PAY_PERIODS,
  workplaceTypesOf,
} from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { Dialect } from '../../../platform/db/knex';
import { whereLive } from '../../listing-end';
import { whereWorkplace } from '../../workplace-columns';
import type { SearchIndex, TextFields } from '../search-index/search-index';
import type { BoardSearch } from '../../board-search';

/**
 * A set of job ids a result must belong to: the text match, a location, some categories. A set is
 * either the query's driving set (read once, its jobs looked up by id) or a membership check that
 * the database evaluates once into a temporary index, never once per job.
 */
export interface JobSet {
  /** For the log and the plan tests: 'text', 'title', 'location', 'category'. */
  name: string;
  /** What the set holds, the same for the same words or names: 'text:title:senior grants'. */
  key: string;
  /**
   * A text match is checked as a set built once; a join table is probed row by row; a label
   * array (PostgreSQL) is a condition on the job's row with its own index.
   */
  kind: 'text' | 'join' | 'label';
  /** `ids` may name a job more than once (a job in two of the categories asked for). */
  repeats?: boolean;
  /** A SELECT of the ids (column `id`); an id may come more than once. */
  ids(db: Knex): Knex.QueryBuilder;
  /** Membership as a condition on a query over `jobs`; `negate` for "not in". */
  condition(db: Knex, negate?: boolean): Knex.Raw;
}

/** What a search asks for, as conditions and sets; the planners turn it into SQL. */
export interface SearchCriteria {
  /** Conditions every candidate row is checked against (public scope, job type, salary...). */
  rowFilters: ((query: Knex.QueryBuilder) => void)[];
  /** Sets the results must belong to (each one narrows). */
  sets: JobSet[];
  /** The words searched for, when there are any. */
  terms: string[];
}

/**
 * Jobs whose own page may be shown: switched on and not held back by the pay rule, ended or not
 * (an ended job keeps its page, which says it takes no applications).
 */
export function pageScope(query: Knex.QueryBuilder): void {
  query.andWhere('jobs.active', true).andWhere('jobs.pay_held', false);
}

/**
 * The ids of the location and the categories a filter names (undefined: that part is not
 * filtered on). A name no job has resolves to no id, and then nothing can match.
 */
export interface LabelIds {
  location?: number[];
  categories?: number[];
}

/** Every part of the search; parts left at their default do not narrow anything. */
export function searchCriteria(
  search: BoardSearch,
  now: Date,
  sets: SetFactory,
  labels: LabelIds,
): SearchCriteria {
  const { filter, terms } = search;
  const rowFilters: SearchCriteria['rowFilters'] = [(q) => whereLive(q, now)];

  // Job types are stored in their canonical spelling (canonicalJobType on every write), so plain
  // equality finds them.
  const types = JOB_TYPE_FILTERS.filter(({ flag }) => filter.jobType[flag]).map(
    ({ jobType }) => jobType,
  );
  if (types.length) rowFilters.push((q) => q.whereIn('jobs.job_type', types));
  // Where the jobs are done (issue 47): the workplace boxes, and an older board's Remote box.
  const workplaces = workplaceTypesOf(filter);
  if (workplaces.length) rowFilters.push((q) => whereWorkplace(q, workplaces));

  const levels = Object.entries(filter.experience)
    .filter(([, on]) => on)
    .map(([level]) => level);
  if (levels.length) rowFilters.push((q) => q.whereIn('jobs.experience_level', levels));

  // A band of a year's pay matches a job whose annual equivalent overlaps it (a total and a pay in
  // another currency have none, so never do); 'totals' matches the pay given in total.
  const range = SALARY_RANGES.find((r) => r.value === filter.salaryRange);
  if (range?.min != null) {
    const min = range.min;
    rowFilters.push((q) => q.where('jobs.pay_annual_high', '>=', min));
  }
  if (range?.max != null) {
    const max = range.max;
    rowFilters.push((q) => q.where('jobs.pay_annual_low', '<', max));
  }
  if (range?.value === 'totals') {
    rowFilters.push((q) => q.whereIn('jobs.salary_period', TOTAL_PAY_PERIODS));
  }

  // Posted within: by posted date (a day, UTC), as the recent list counts.
  const posted = POSTED_WITHIN.find((p) => p.value === filter.postedWithin);
  if (posted?.days != null) {
    const since = isoDate(addDays(now, -posted.days));
    rowFilters.push((q) => q.where('jobs.posted_date', '>=', since));
  }
  // Closing soon: the deadline day is today or one of the next `days` days, so it ends (the first
  // instant after it, `deadline_ends_at`) by the end of the last of them. Passed ones are out of
  // the public scope already; a deadline that is no date ('Rolling') is null and never matches.
  const closing = CLOSING_CHOICES.find((c) => c.value === filter.closing);
  if (closing?.days != null) {
    const today = Date.parse(`${isoDate(now)}T00:00:00Z`);
    const endsBy = addDays(new Date(today), closing.days + 1).getTime();
    rowFilters.push((q) => q.where('jobs.deadline_ends_at', '<=', endsBy));
  }

  const jobSets: JobSet[] = [];
  if (terms.length) jobSets.push(sets.text(terms, 'all'));
  if (labels.location) jobSets.push(sets.location(labels.location));
  if (labels.categories) jobSets.push(sets.categories(labels.categories));
  return { rowFilters, sets: jobSets, terms };
}

export interface SetFactory {
  text(terms: string[], fields: TextFields): JobSet;
  /** The jobs at a location, by its id(s) (see LabelIds). */
  location(ids: number[]): JobSet;
  /** The jobs in any of these categories, by their ids. */
  categories(ids: number[]): JobSet;
}

/**
 * The ids of the labels a search names, looked up by their keys (board-search.ts) before the
 * search is planned: the sets then name their ids as literals, which both databases look up in the
 * join tables' indexes (a subquery of ids left SQLite scanning a whole join table instead).
 */
export async function labelIdsOf(db: Knex, search: BoardSearch): Promise<LabelIds> {
  const idsOf = async (table: 'locations' | 'categories', keys: string[]) => {
    const rows: { id: number }[] = await db(table).whereIn('name_key', keys).select('id');
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  };
  const [location, categories] = await Promise.all([
    search.locationKey === null ? undefined : idsOf('locations', [search.locationKey]),
    search.categoryKeys.length ? idsOf('categories', search.categoryKeys) : undefined,
  ]);
  return { location, categories };
}

/**
 * The sets of one database. A location or a category set is checked with an EXISTS on the join
 * table's primary key (a lookup per candidate row, no set to build). The text match is checked as
 * a set that the database builds once (search-index); on SQLite it carries a unary `+` so that
 * SQLite never picks it as the driving set by itself: the SQLite planner (sqlite-plan.ts) chooses
 * from the sets' real sizes. PostgreSQL's own planner chooses well from its statistics.
 */
export function setFactory(index: SearchIndex, dialect: Dialect): SetFactory {
  const joined = (
    name: string,
    joinTable: 'job_locations' | 'job_categories',
    column: 'location_id' | 'category_id',
    ids: number[],
  ): JobSet =>
    dialect === 'postgres'
      ? labelArray(name, `${column}s`, ids)
      : {
          name,
          key: `${name}:${ids.join(',')}`,
          kind: 'join',
          repeats: ids.length > 1,
          ids: (db) =>
            db(joinTable)
              .select(`${joinTable}.job_id as id`)
              .whereIn(`${joinTable}.${column}`, ids),
          condition: (db, negate = false) =>
            db.raw(`${negate ? 'NOT ' : ''}EXISTS ?`, [
              db(joinTable)
                .select(db.raw('1'))
                .whereRaw(`${joinTable}.job_id = jobs.id`)
                .whereIn(`${joinTable}.${column}`, ids),
            ]),
        };
  /**
   * PostgreSQL: a label as the array on the job's row (migration 20261127000300_job_label_arrays),
   * `&&` (has any of the ids), matched in the same GIN index as the text (migration
   * 20261127000340_index_public_match): one index scan yields the jobs that have both.
   */
  const labelArray = (
    name: string,
    column: 'location_ids' | 'category_ids',
    ids: number[],
  ): JobSet => {
    const condition = (db: Knex, negate = false) =>
      db.raw(`${negate ? 'NOT ' : ''}(jobs.${column} && ?::int[])`, [ids]);
    return {
      name,
      key: `${name}:${ids.join(',')}`,
      kind: 'label',
      ids: (db) => db('jobs').select('jobs.id').where(condition(db)),
      condition,
    };
  };
  return {
    text: (terms, fields) => ({
      name: fields === 'all' ? 'text' : fields,
      key: `text:${fields}:${terms.join(' ')}`,
      kind: 'text',
      ids: (db) => index.idsMatching(db, terms, fields),
      condition: (db, negate = false) => {
        const match = index.condition(db, terms, fields);
        return negate ? db.raw('NOT (?)', [match]) : match;
      },
    }),
    location: (ids) => joined('location', 'job_locations', 'location_id', ids),
    categories: (ids) => joined('category', 'job_categories', 'category_id', ids),
  };
}
