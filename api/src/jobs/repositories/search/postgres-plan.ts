import type { Knex } from 'knex';
import type { JobSet } from './criteria';
import type { Selection } from './search-parts';

/**
 * A text match with at most this many jobs drives a search on PostgreSQL: its ids are read first
 * and the query looks those jobs up by primary key.
 */
const DRIVING_SET_LIMIT = 1000;

/** How long what was found of a set (broad or small) is assumed without looking again. */
const KNOWN_FOR_MS = 60_000;

/**
 * What was found lately of each set (by key): broad (more than DRIVING_SET_LIMIT jobs) or small.
 * Whether 'manager' holds thousands of jobs changes slowly, and finding out costs round trips in
 * sequence (the planner's estimate, then the ids), so the answer is kept a minute: a set found
 * broad is not read, and one found small has its ids read at once, without asking the planner
 * first. A plan made on an old answer is at worst a little slower, never wrong: only the ids of
 * small sets drive a query, and those are always read afresh (a set grown broad is found so by
 * that read, of at most DRIVING_SET_LIMIT + 1 ids).
 */
export class KnownSets {
  private readonly seen = new Map<string, { broad: boolean; until: number }>();

  /** Whether the set was found broad (true) or small (false) lately; undefined: not known. */
  broad(set: JobSet): boolean | undefined {
    const seen = this.seen.get(set.key);
    if (seen === undefined) return undefined;
    if (seen.until > Date.now()) return seen.broad;
    this.seen.delete(set.key);
    return undefined;
  }

  add(set: JobSet, broad: boolean): void {
    if (this.seen.size > 10_000) this.seen.clear();
    this.seen.set(set.key, { broad, until: Date.now() + KNOWN_FOR_MS });
  }
}

/** The ids of the small sets of one search, each read once. */
export class PostgresPlanStats {
  private readonly read = new Map<JobSet, Promise<number[] | undefined>>();

  constructor(
    private readonly db: Knex,
    private readonly known: KnownSets,
  ) {}

  /** The set's ids when it holds at most its DRIVING_SET_LIMIT jobs, else undefined. */
  smallSet(set: JobSet): Promise<number[] | undefined> {
    let ids = this.read.get(set);
    if (!ids) {
      ids = this.readIfSmall(set);
      this.read.set(set, ids);
    }
    return ids;
  }

  private async readIfSmall(set: JobSet): Promise<number[] | undefined> {
    const known = this.known.broad(set);
    if (known === true) return undefined;
    // Reading a broad text match's first thousand ids costs a thousand row visits: unless the set
    // was small lately, skip it when the planner's own estimate (from word statistics, often low
    // for prefixes) is well past it.
    const limit = DRIVING_SET_LIMIT;
    const looksBroad = known === undefined && (await this.estimate(set)) > limit * 4;
    const rows: { id: number }[] = looksBroad ? [] : await set.ids(this.db).limit(limit + 1);
    const broad = looksBroad || rows.length > limit;
    this.known.add(set, broad);
    return broad ? undefined : [...new Set(rows.map((r) => Number(r.id)))];
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
 * match that is not there. So a small text match is found first and drives by id; with none, the
 * planner chooses: the words, location and categories (arrays on the job's row) matched in one GIN
 * index, or the jobs read in the order of the sort's index.
 */
export async function postgresDriver(
  selection: Selection,
  stats: PostgresPlanStats,
): Promise<{ driver: JobSet; ids: number[] } | undefined> {
  let best: { driver: JobSet; ids: number[] } | undefined;
  // A label is a condition on the job's row with its own index, which the planner combines with
  // the others by itself: only text matches are read ahead.
  for (const set of selection.sets.filter((s) => s.kind === 'text')) {
    const ids = await stats.smallSet(set);
    if (ids && (!best || ids.length < best.ids.length)) best = { driver: set, ids };
    if (best && best.ids.length < 50) break; // small enough: no need to read the others
  }
  return best;
}
