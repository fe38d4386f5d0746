import type { Knex } from 'knex';
import { chunks } from '../db/chunks';
import type { Db } from '../db/knex';

/** What is counted: a view of a job (its modal or its page), or a click of its Apply button. */
export type StatKind = 'view' | 'apply';

/** One visitor counted once for one job, UTC day and kind (job_stat_visitors). */
export interface VisitorRow {
  day: string;
  jobId: number;
  kind: StatKind;
  visitor: string;
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

  /** Records these visitors, a visitor already there for the same job, day and kind ignored. */
  async insertVisitors(db: Db, rows: VisitorRow[]): Promise<void> {
    for (const part of chunks(rows, BATCH)) {
      await db('job_stat_visitors')
        .insert(
          part.map((r) => ({ day: r.day, job_id: r.jobId, kind: r.kind, visitor: r.visitor })),
        )
        .onConflict(['day', 'job_id', 'kind', 'visitor'])
        .ignore();
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
