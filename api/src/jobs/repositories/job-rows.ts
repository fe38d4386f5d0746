import { SYNC_SOURCE_NAMES, type SyncSource } from '@jobboard/contract/admin';
import { isJobField, type JobField } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import type { Db, Dialect } from '../../platform/db/knex';
import { JOB_ROW_COLUMNS, type JobLists, type JobRow } from '../job-mapper';
import type { StoredJob } from '../job-patch';

/**
 * What the jobs' repositories share: reading whole rows with their lists, and the few facts about
 * the columns (ids, the fields an admin owns, the sources a sync writes from).
 */

/**
 * Rows per INSERT: under the 500 terms of the compound SELECT Knex writes for SQLite, and well under
 * both databases' bound-parameter limits.
 */
export const INSERT_BATCH = 400;

/** The sources a sync writes from: their jobs have a source to outrank, or to be deleted from. */
export const SYNC_SOURCES = Object.keys(SYNC_SOURCE_NAMES) as SyncSource[];

/** A job as read whole: its row (with its company's columns) and its lists. */
export interface LoadedJob {
  row: JobRow;
  lists: JobLists;
}

/** A row as `selectWholeRows` reads it: the job's row, its lists as the database wrote them. */
export type WholeRow = JobRow & { locations_json: unknown; categories_json: unknown };

/**
 * Rows and lists of these jobs, in the order of the ids (unknown ids are skipped): one query,
 * each job's locations and categories gathered as JSON lists beside its row. Public reads pass the
 * read connections; the admin's and the writer's pass the writer's, so a save never waits behind
 * visitors' searches.
 */
export async function loadRows(db: Db, dialect: Dialect, ids: number[]): Promise<LoadedJob[]> {
  if (!ids.length) return [];
  const rows: WholeRow[] = [];
  for (const part of chunks(ids)) {
    const query = db('jobs').join('companies', 'companies.id', 'jobs.company_id');
    rows.push(...(await selectWholeRows(db, dialect, query.whereIn('jobs.id', part))));
  }
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [loadedJob(row)] : [];
  });
}

/**
 * Select the whole rows of the jobs a query reads, `jobs` joined with `companies`
 * (JOB_ROW_COLUMNS), and each job's locations and categories as JSON lists (correlated
 * subqueries): what `loadRows` reads, for a query that finds its jobs otherwise (a search's page,
 * job-search.ts).
 */
export function selectWholeRows(
  db: Db,
  dialect: Dialect,
  query: Knex.QueryBuilder,
): Knex.QueryBuilder {
  return query.select(JOB_ROW_COLUMNS).select({
    locations_json: namesOf(db, dialect, 'job_locations', 'locations', 'location_id'),
    categories_json: namesOf(db, dialect, 'job_categories', 'categories', 'category_id'),
  });
}

/** A row `selectWholeRows` read, its lists parsed. */
export function loadedJob(row: WholeRow): LoadedJob {
  const lists = {
    locations: jsonList(row.locations_json),
    categories: jsonList(row.categories_json),
  };
  return { row, lists };
}

/** These jobs as stored, by id: what a patch is compared with (job-patch.ts). */
export async function storedJobs(
  db: Db,
  dialect: Dialect,
  ids: number[],
): Promise<Map<number, StoredJob>> {
  return new Map(
    (await loadRows(db, dialect, ids)).map(({ row, lists }) => [
      Number(row.id),
      { row, locations: lists.locations, categories: lists.categories },
    ]),
  );
}

/** A job's location or category names in their order, as a JSON list (a correlated subquery). */
function namesOf(
  db: Db,
  dialect: Dialect,
  joinTable: 'job_locations' | 'job_categories',
  table: 'locations' | 'categories',
  key: 'location_id' | 'category_id',
): Knex.Raw {
  const names = `FROM ${joinTable} JOIN ${table} ON ${table}.id = ${joinTable}.${key}
                 WHERE ${joinTable}.job_id = jobs.id`;
  return dialect === 'postgres'
    ? db.raw(`(SELECT json_agg(${table}.name ORDER BY ${joinTable}.position) ${names})`)
    : db.raw(
        `(SELECT json_group_array(name) FROM (SELECT ${table}.name ${names}
           ORDER BY ${joinTable}.position))`,
      );
}

/** A list of names as the database returned it: parsed JSON (PostgreSQL), JSON text, or null. */
function jsonList(value: unknown): string[] {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String) : [];
}

export async function pluckIds(query: Knex.QueryBuilder): Promise<number[]> {
  const rows: { id: number }[] = await query;
  return rows.map((r) => Number(r.id));
}

/** The fields an admin owns of a synced job, as stored (a JSON list; null: none). */
export function parseAdminFields(json: string | null | undefined): JobField[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(isJobField) : [];
  } catch {
    return [];
  }
}
