import type { Knex } from 'knex';
import type { JobSet } from './criteria';
import type { Selection } from './job-search';

/**
 * A set with at most this many jobs drives a search on PostgreSQL: its ids are read first (from
 * the GIN or join-table index) and the query looks those jobs up by primary key.
 */
const DRIVING_SET_LIMIT = 1000;

/** The ids of the small sets of one search, each read once. */
export class PostgresPlanStats {
  private readonly read = new Map<JobSet, Promise<number[] | undefined>>();

  constructor(private readonly db: Knex) {}

  /** The set's ids when it holds at most DRIVING_SET_LIMIT jobs, else undefined. */
  smallSet(set: JobSet): Promise<number[] | undefined> {
    let ids = this.read.get(set);
    if (!ids) {
      ids = this.readIfSmall(set);
      this.read.set(set, ids);
    }
    return ids;
  }

  private async readIfSmall(set: JobSet): Promise<number[] | undefined> {
    // Reading a broad text match's first thousand ids costs a thousand row visits: skip it when
    // the planner's own estimate (from word statistics, often low for prefixes) is well past it.
    if (set.kind === 'text' && (await this.estimate(set)) > DRIVING_SET_LIMIT * 4) return undefined;
    const rows: { id: number }[] = await set.ids(this.db).limit(DRIVING_SET_LIMIT + 1);
    if (rows.length > DRIVING_SET_LIMIT) return undefined;
    return [...new Set(rows.map((r) => Number(r.id)))];
  }

  /** PostgreSQL's estimate of the rows of a set (EXPLAIN: planning only, nothing is read). */
  private async estimate(set: JobSet): Promise<number> {
    const { sql, bindings } = set.ids(this.db).toSQL().toNative();
    const result = await this.db.raw(`EXPLAIN (FORMAT JSON) ${sql.replace(/\$\d+/g, '?')}`, [
      ...bindings,
    ]);
    return Number(result.rows[0]['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  }
}

/**
 * The driving ids of a search on PostgreSQL, if one of its sets is small. PostgreSQL's planner
 * estimates a text match from word statistics and cannot tell that 'nonprofit' is in half the
 * descriptions and in no title: left alone, it reads every job in date order looking for a title
 * match that is not there. So a small set is found first (join tables before text: they are
 * read from their indexes alone) and drives by id; with no small set, the jobs are read in the
 * order of the sort's index, which PostgreSQL then picks by itself.
 */
export async function postgresDriver(
  selection: Selection,
  stats: PostgresPlanStats,
): Promise<{ driver: JobSet; ids: number[] } | undefined> {
  let best: { driver: JobSet; ids: number[] } | undefined;
  const ordered = [...selection.sets].sort((a, b) => kindOrder(a) - kindOrder(b));
  for (const set of ordered) {
    const ids = await stats.smallSet(set);
    if (ids && (!best || ids.length < best.ids.length)) best = { driver: set, ids };
    if (best && best.ids.length < 50) break; // small enough: no need to read the others
  }
  return best;
}

const kindOrder = (set: JobSet) => (set.kind === 'join' ? 0 : 1);
