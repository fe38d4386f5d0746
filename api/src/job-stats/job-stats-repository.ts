import type { Knex } from 'knex';
import { chunks } from '../platform/db/chunks';
import { dialectOf, type Db } from '../platform/db/knex';

/** What is counted: a view of a job (its modal or its page), or a click of its Apply button. */
export type StatKind = 'view' | 'apply';

/** Visitors counted once for one job, UTC day and kind (rows of job_stat_visitors). */
export interface VisitorGroup {
  day: string;
  jobId: number;
  kind: StatKind;
  visitors: Iterable<string>;
}

/** One job's numbers on one UTC day. */
export interface DayCounts {
  jobId: number;
  day: string;
  views: number;
  applyClicks: number;
}

type Taken = { job_id: number | string; kind: StatKind };

/** Rows one insert or delete statement takes at most (4 bound parameters a row). */
const BATCH = 200;

/**
 * Visitors one insert takes at most. A group's visitors go as one JSON array, not as bound
 * parameters (what the driver, Knex and the database would each handle one by one), and one
 * statement holds SQLite's single writer for tens of milliseconds at most.
 */
const VISITORS_PER_INSERT = 2_000;
/** Groups (job, day and kind) one insert takes at most: one SELECT each, UNION ALL. */
const GROUPS_PER_INSERT = 50;

/**
 * One group's rows in the visitors' insert: its day, job and kind bound once, and its visitors
 * read from a JSON array of strings. (SQLite's `WHERE true`: an upsert's SELECT needs a WHERE, or
 * its ON reads as a join's.)
 */
const SELECT_GROUP = {
  sqlite: 'SELECT ?, ?, ?, value FROM json_each(?) WHERE true',
  postgres: 'SELECT ?, ?::integer, ?, v FROM json_array_elements_text(?::json) AS v',
} as const;

/** A group's share of one insert: its day, job id, kind and its visitors as a JSON array. */
type Piece = [day: string, jobId: number, kind: StatKind, visitors: string];

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The groups' visitors in the order of job_stat_visitors' primary key (day, job_id, kind,
 * visitor), in inserts of at most `VISITORS_PER_INSERT` visitors and `GROUPS_PER_INSERT` groups.
 */
function* inserts(groups: VisitorGroup[]): Generator<Piece[]> {
  const sorted = [...groups].sort(
    (a, b) => compare(a.day, b.day) || a.jobId - b.jobId || compare(a.kind, b.kind),
  );
  let pieces: Piece[] = [];
  let room = VISITORS_PER_INSERT;
  for (const { day, jobId, kind, visitors } of sorted) {
    // Hex digits: the default (UTF-16 code unit) order is the database's.
    const all = [...visitors].sort();
    for (let from = 0; from < all.length;) {
      const taken = all.slice(from, from + room);
      pieces.push([day, jobId, kind, JSON.stringify(taken)]);
      from += taken.length;
      room -= taken.length;
      if (room === 0 || pieces.length === GROUPS_PER_INSERT) {
        yield pieces;
        pieces = [];
        room = VISITORS_PER_INSERT;
      }
    }
  }
  if (pieces.length > 0) yield pieces;
}

/**
 * The tables job_stat_salts, job_stat_visitors and job_daily_stats: the only code that reads or
 * writes them (migrations 20261126210300..20261126210320).
 */
export class JobStatsRepository {
  /**
   * The salt of this UTC day: the row that is there, or `candidate` stored as it when there is
   * none (of two processes that ask at once, one inserts and both read the same row).
   */
  async salt(db: Db, day: string, candidate: string): Promise<string> {
    await db('job_stat_salts').insert({ day, salt: candidate }).onConflict('day').ignore();
    const row: { salt: string } | undefined = await db('job_stat_salts')
      .where({ day })
      .first('salt');
    if (!row) throw new Error(`the salt of ${day} is gone`);
    return row.salt;
  }

  /**
   * Records these visitors, a visitor already there for the same job, day and kind ignored. In
   * the primary key's order: the visitor is a hash, so each row lands on a random page of the
   * key's index, and in order one batch walks the index once, each page written once. A second's
   * new visitors (15,000) on SQLite with 200,000 there: about 6 µs of CPU a row, where batches of
   * 500 in 200-row inserts of bound parameters took 23 µs. Each insert is a statement of its own
   * (atomic, and the writer is free between them).
   */
  async insertVisitors(db: Db, groups: VisitorGroup[]): Promise<void> {
    const select = SELECT_GROUP[dialectOf(db)];
    for (const pieces of inserts(groups)) {
      await db.raw(
        `INSERT INTO job_stat_visitors (day, job_id, kind, visitor)
          ${pieces.map(() => select).join(' UNION ALL ')}
          ON CONFLICT (day, job_id, kind, visitor) DO NOTHING`,
        pieces.flat(),
      );
    }
  }

  /** The UTC days before `today` that still have visitors to roll up, oldest first. */
  async daysToRollUp(db: Db, today: string): Promise<string[]> {
    const rows: { day: string }[] = await db('job_stat_visitors')
      .distinct('day')
      .where('day', '<', today)
      .orderBy('day');
    return rows.map((r) => r.day);
  }

  /**
   * Rolls one past day up: deletes its visitors and adds how many there were, by job and kind, to
   * job_daily_stats, in one transaction. The delete says which rows it took (RETURNING), so of two
   * processes rolling up at once each row is counted by the one that deleted it, and a visitor
   * flushed late (after an earlier roll-up of the day) is added by the next. Returns the number of
   * visitor rows rolled up.
   */
  async rollUpDay(db: Knex, day: string): Promise<number> {
    return db.transaction(async (trx) => {
      // Raw: Knex's delete().returning() answers only a count on SQLite, whose RETURNING (3.35+)
      // a raw statement reads as rows; PostgreSQL's driver puts them in `rows`.
      const result: Taken[] | { rows: Taken[] } = await trx.raw(
        'DELETE FROM job_stat_visitors WHERE day = ? RETURNING job_id, kind',
        [day],
      );
      const taken = Array.isArray(result) ? result : result.rows;
      const byJob = new Map<number, { views: number; apply_clicks: number }>();
      for (const row of taken) {
        const jobId = Number(row.job_id);
        const counts = byJob.get(jobId) ?? { views: 0, apply_clicks: 0 };
        if (row.kind === 'apply') counts.apply_clicks += 1;
        else counts.views += 1;
        byJob.set(jobId, counts);
      }
      const rows = [...byJob].map(([job_id, counts]) => ({ job_id, day, ...counts }));
      for (const part of chunks(rows, BATCH)) {
        await trx('job_daily_stats')
          .insert(part)
          .onConflict(['job_id', 'day'])
          .merge({
            views: trx.raw('job_daily_stats.views + excluded.views'),
            apply_clicks: trx.raw('job_daily_stats.apply_clicks + excluded.apply_clicks'),
          });
      }
      return taken.length;
    });
  }

  /** Deletes the salts of the days before `today`: their hashes can never be made again. */
  async deleteSaltsBefore(db: Db, today: string): Promise<number> {
    return db('job_stat_salts').where('day', '<', today).delete();
  }

  /**
   * The numbers of these jobs from `fromDay` to `toDay` (UTC dates, both included): the days
   * rolled up, plus the visitors of days not rolled up yet (today's) counted as they stand. Only
   * the days that have any; by job, then day.
   */
  async daily(db: Db, jobIds: number[], fromDay: string, toDay: string): Promise<DayCounts[]> {
    const counts = new Map<string, DayCounts>();
    const entry = (jobId: number, day: string) => {
      const key = `${jobId}:${day}`;
      let found = counts.get(key);
      if (!found) counts.set(key, (found = { jobId, day, views: 0, applyClicks: 0 }));
      return found;
    };
    for (const part of chunks(jobIds)) {
      const rolled: {
        job_id: number | string;
        day: string;
        views: number | string;
        apply_clicks: number | string;
      }[] = await db('job_daily_stats')
        .whereIn('job_id', part)
        .andWhereBetween('day', [fromDay, toDay])
        .select('job_id', 'day', 'views', 'apply_clicks');
      for (const row of rolled) {
        const found = entry(Number(row.job_id), row.day);
        found.views += Number(row.views);
        found.applyClicks += Number(row.apply_clicks);
      }
      const live: { job_id: number | string; day: string; kind: StatKind; n: number | string }[] =
        await db('job_stat_visitors')
          .whereIn('job_id', part)
          .andWhereBetween('day', [fromDay, toDay])
          .groupBy('job_id', 'day', 'kind')
          .select('job_id', 'day', 'kind', db.raw('count(*) as n'));
      for (const row of live) {
        const found = entry(Number(row.job_id), row.day);
        if (row.kind === 'apply') found.applyClicks += Number(row.n);
        else found.views += Number(row.n);
      }
    }
    return [...counts.values()].sort((a, b) => a.jobId - b.jobId || a.day.localeCompare(b.day));
  }

  /** Every job's numbers over all time (the admins' CSV): job id to its totals. */
  async totals(
    db: Db,
    jobIds: number[],
  ): Promise<Map<number, { views: number; applyClicks: number }>> {
    const totals = new Map<number, { views: number; applyClicks: number }>();
    const entry = (jobId: number) => {
      let found = totals.get(jobId);
      if (!found) totals.set(jobId, (found = { views: 0, applyClicks: 0 }));
      return found;
    };
    for (const part of chunks(jobIds)) {
      const rolled: { job_id: number | string; views: number | string; apply: number | string }[] =
        await db('job_daily_stats')
          .whereIn('job_id', part)
          .groupBy('job_id')
          .select('job_id', db.raw('sum(views) as views'), db.raw('sum(apply_clicks) as apply'));
      for (const row of rolled) {
        const found = entry(Number(row.job_id));
        found.views += Number(row.views);
        found.applyClicks += Number(row.apply);
      }
      const live: { job_id: number | string; kind: StatKind; n: number | string }[] = await db(
        'job_stat_visitors',
      )
        .whereIn('job_id', part)
        .groupBy('job_id', 'kind')
        .select('job_id', 'kind', db.raw('count(*) as n'));
      for (const row of live) {
        const found = entry(Number(row.job_id));
        if (row.kind === 'apply') found.applyClicks += Number(row.n);
        else found.views += Number(row.n);
      }
    }
    return totals;
  }

  /** How many visitor hashes and salts are kept (the tests: nothing past its day). */
  async kept(db: Db): Promise<{ visitors: number; salts: number }> {
    const [v] = await db('job_stat_visitors').count({ n: '*' });
    const [s] = await db('job_stat_salts').count({ n: '*' });
    return { visitors: Number(v?.n ?? 0), salts: Number(s?.n ?? 0) };
  }
}
