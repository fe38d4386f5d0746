import type { Knex } from 'knex';
import { dialectOf, type Db } from '../platform/db/knex';
import { boardDays, jobDays, jobTotals } from './repositories/reads';
import { rollUpDay } from './repositories/roll-up';
import { SELECT_PIECE, visitorInserts } from './repositories/visitor-inserts';
import type {
  BoardDayCounts,
  DayCounts,
  JobTotals,
  StatKind,
  VisitorGroup,
} from './repositories/types';

export type { BoardDayCounts, DayCounts, JobTotals, StatKind, VisitorGroup };

/**
 * The tables job_stat_salts, job_stat_visitors, job_daily_stats, job_daily_channel_stats and
 * board_daily_channel_stats: the only code that reads or writes them, here and in repositories/
 * (migrations 20261126210300..20261126210320, 20261129140000..20261129140020).
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
   * Records these visitors with their channels, a visitor already there for the same job, day
   * and kind ignored (whatever its channel: the first one counted stays). In the primary key's
   * order: the visitor is a hash, so each row lands on a random page of the key's index, and in
   * order one batch walks the index once, each page written once. A second's new visitors
   * (15,000) on SQLite with 200,000 there: about 6 µs of CPU a row, where batches of 500 in
   * 200-row inserts of bound parameters took 23 µs. Each insert is a statement of its own
   * (atomic, and the writer is free between them).
   */
  async insertVisitors(db: Db, groups: VisitorGroup[]): Promise<void> {
    const select = SELECT_PIECE[dialectOf(db)];
    for (const pieces of visitorInserts(groups)) {
      await db.raw(
        `INSERT INTO job_stat_visitors (day, job_id, kind, channel, visitor)
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

  /** Rolls one past day up (repositories/roll-up.ts); the number of visitor rows rolled up. */
  rollUpDay(db: Knex, day: string): Promise<number> {
    return rollUpDay(db, day);
  }

  /** Deletes the salts of the days before `today`: their hashes can never be made again. */
  async deleteSaltsBefore(db: Db, today: string): Promise<number> {
    return db('job_stat_salts').where('day', '<', today).delete();
  }

  /** These jobs' numbers from `fromDay` to `toDay`, by channel (repositories/reads.ts). */
  daily(db: Db, jobIds: number[], fromDay: string, toDay: string): Promise<DayCounts[]> {
    return jobDays(db, jobIds, fromDay, toDay);
  }

  /** The whole board's numbers from `fromDay` to `toDay`, by channel. */
  boardDaily(db: Db, fromDay: string, toDay: string): Promise<BoardDayCounts[]> {
    return boardDays(db, fromDay, toDay);
  }

  /** Every job's numbers over all time (the admins' CSV): job id to its totals and channels. */
  totals(db: Db, jobIds: number[]): Promise<Map<number, JobTotals>> {
    return jobTotals(db, jobIds);
  }

  /** How many visitor hashes and salts are kept (the tests: nothing past its day). */
  async kept(db: Db): Promise<{ visitors: number; salts: number }> {
    const [v] = await db('job_stat_visitors').count({ n: '*' });
    const [s] = await db('job_stat_salts').count({ n: '*' });
    return { visitors: Number(v?.n ?? 0), salts: Number(s?.n ?? 0) };
  }
}
