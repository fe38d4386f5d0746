import type { Knex } from 'knex';
import { countRows } from '../../../platform/db/count';
import type { JobSet } from './criteria';
import type { Selection } from './search-parts';

/**
 * What one row costs SQLite in each way of reading, in microseconds, as measured at 100,000 jobs
 * on the benchmark machine (bench/report.md). Only their ratios matter.
 */
const COST = {
  /** Reading the next entry of a sort index (its filtered columns are in the entry). */
  scanRow: 0.15,
  /** Looking up one job of a driving set by id, then sorting it into the page. */
  driveRow: 1.5,
  /** One EXISTS lookup in a location or category join table. */
  probe: 0.5,
  /** Building a text match into a temporary index, per matching job. */
  setMember: 0.1,
};

/**
 * Sets are counted up to this size; a set this big never drives. By the costs above, reading a
 * page of 1,000 in index order beats driving by a set of more than about 3,300 jobs at 100,000
 * jobs, and of about 10,000 at a million; counting further would only cost time (FTS5 reads a
 * broad match lazily, so a count that stops early stays cheap).
 */
const SIZE_LIMIT = 5_000;

/** How long the estimate of the number of jobs is planned with before it is read again. */
const JOB_COUNT_TTL_MS = 10_000;

/** Facts about the data one search plans with, each read once per search. */
export class PlanStats {
  private readonly sizes = new Map<JobSet, Promise<number>>();

  constructor(
    private readonly db: Knex,
    private readonly jobCount: JobCountEstimate,
  ) {}

  /** How many jobs a set holds, counted up to `limit` (at most SIZE_LIMIT). */
  size(set: JobSet, limit = SIZE_LIMIT): Promise<number> {
    let size = this.sizes.get(set);
    if (!size) {
      size = countRows(this.db, set.ids(this.db).limit(Math.min(limit, SIZE_LIMIT)));
      this.sizes.set(set, size);
    }
    return size;
  }

  jobs(): Promise<number> {
    return this.jobCount.read(this.db);
  }
}

/**
 * About how many jobs there are: the highest id, close enough to plan with, read again at most
 * every JOB_COUNT_TTL_MS (a plan made with a stale figure is only a little slower, never wrong).
 */
export class JobCountEstimate {
  private value?: Promise<number>;
  private readAt = 0;

  read(db: Knex): Promise<number> {
    const now = Date.now();
    if (!this.value || now - this.readAt > JOB_COUNT_TTL_MS) {
      this.readAt = now;
      this.value = db('jobs')
        .max({ n: 'id' })
        .then((rows) => Math.max(1, Number((rows[0] as { n: unknown } | undefined)?.n ?? 1)));
      this.value.catch(() => (this.readAt = 0));
    }
    return this.value;
  }
}

/**
 * The FROM clause of a search on SQLite. SQLite's planner cannot see how many jobs an FTS5 match
 * or a location holds, and left alone it walks the jobs and asks the FTS table about each one
 * (cost: jobs x matches). So the choice is made here, from the sets' real sizes: either a small set
 * drives (its jobs are looked up by id and sorted; `CROSS JOIN` keeps SQLite from reordering), or
 * the jobs are read in the order of the sort's own index (`INDEXED BY`) until `wanted` rows pass
 * every check, which for a broad search is soon.
 */
export async function sqliteFrom(
  db: Knex,
  selection: Selection,
  wanted: number,
  stats: PlanStats,
): Promise<{ from: Knex.Raw; driver?: JobSet }> {
  const jobs = await stats.jobs();
  // Text matches first: FTS5 counts its matches fast. A join table is then counted only as far
  // as it could still be the smallest set (a category can hold a third of the board).
  const sets: { set: JobSet; size: number }[] = [];
  let smallest = SIZE_LIMIT;
  for (const set of [...selection.sets].sort((a, b) => kindOrder(a) - kindOrder(b))) {
    const counted = await stats.size(set, smallest);
    // Counting stopped at the limit: the set is at least that big, too big to drive.
    const size = counted >= smallest ? SIZE_LIMIT : counted;
    sets.push({ set, size });
    smallest = Math.min(smallest, size);
  }
  const buildCost = (except?: JobSet) =>
    sets
      .filter(({ set }) => set.kind === 'text' && set !== except)
      .reduce((sum, { size }) => sum + size * COST.setMember, 0);
  const probes = (except?: JobSet) =>
    sets.filter(({ set }) => set.kind === 'join' && set !== except).length * COST.probe;

  const density = sets.reduce((d, { size }) => d * Math.min(1, size / jobs), 1);
  const scanRows = Math.min(jobs, wanted / Math.max(density, 1 / jobs));
  let best = {
    cost: scanRows * (COST.scanRow + probes()) + buildCost(),
    driver: undefined as JobSet | undefined,
  };
  for (const { set, size } of sets) {
    if (size >= SIZE_LIMIT) continue;
    const cost = size * (COST.driveRow + probes(set)) + buildCost(set);
    if (cost < best.cost) best = { cost, driver: set };
  }

  const { driver } = best;
  if (driver) {
    const ids = driver.repeats
      ? db.distinct('id').from(driver.ids(db).as('members'))
      : driver.ids(db);
    return { from: db.raw('? AS driver CROSS JOIN jobs ON jobs.id = driver.id', [ids]), driver };
  }
  return { from: db.raw('jobs INDEXED BY ??', [selection.order.sqliteIndex]) };
}

const kindOrder = (set: JobSet) => (set.kind === 'text' ? 0 : 1);
