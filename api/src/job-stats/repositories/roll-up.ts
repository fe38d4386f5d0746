import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import { dialectOf } from '../../platform/db/knex';
import { Tallies, Tally } from './tally';
import type { StatKind } from './types';

/** Rows one upsert takes at most (5 bound parameters a row at most). */
const BATCH = 200;

/** Visitors taken by a roll-up: each row one visitor, or `n` of them (PostgreSQL's, counted there). */
type Taken = {
  job_id: number | string;
  kind: StatKind;
  channel: string | null;
  n?: number | string;
};

/**
 * Deletes a day's visitors and answers which were taken. On PostgreSQL the delete's rows are
 * counted in the same statement (by job, kind and channel), so a large board's day of visitors is
 * never sent to the process, only its counts; SQLite, whose DELETE cannot be a query's source,
 * answers the rows (RETURNING, 3.35+: Knex's delete().returning() answers only a count there).
 */
async function takeDay(trx: Knex.Transaction, day: string): Promise<Taken[]> {
  if (dialectOf(trx) === 'postgres') {
    const result: { rows: Taken[] } = await trx.raw(
      `WITH taken AS (DELETE FROM job_stat_visitors WHERE day = ? RETURNING job_id, kind, channel)
       SELECT job_id, kind, channel, count(*) AS n FROM taken GROUP BY job_id, kind, channel`,
      [day],
    );
    return result.rows;
  }
  return trx.raw('DELETE FROM job_stat_visitors WHERE day = ? RETURNING job_id, kind, channel', [
    day,
  ]);
}

/** Inserts the rows, adding their counts to a row already there with the same key. */
async function addTo(
  trx: Knex.Transaction,
  table: string,
  key: string[],
  rows: Record<string, string | number>[],
): Promise<void> {
  for (const part of chunks(rows, BATCH)) {
    await trx(table)
      .insert(part)
      .onConflict(key)
      .merge({
        views: trx.raw(`${table}.views + excluded.views`),
        apply_clicks: trx.raw(`${table}.apply_clicks + excluded.apply_clicks`),
      });
  }
}

/**
 * Rolls one past day up, in one transaction: deletes its visitors and adds how many there were to
 * each job's day (job_daily_stats), each job's day by channel (job_daily_channel_stats) and the
 * board's day by channel (board_daily_channel_stats). The delete says which rows it took, so of two
 * processes rolling up at once each row is counted by the one that deleted it, and a visitor
 * flushed late (after an earlier roll-up of the day) is added by the next. A visitor with no
 * channel (counted by a release before channels) is added to the job's totals only. Returns the
 * number of visitor rows rolled up.
 */
export async function rollUpDay(db: Knex, day: string): Promise<number> {
  return db.transaction(async (trx) => {
    const jobs = new Tallies<number>();
    const board = new Tally();
    let visitors = 0;
    for (const row of await takeDay(trx, day)) {
      const n = Number(row.n ?? 1);
      visitors += n;
      jobs.of(Number(row.job_id)).addVisitors(row.kind, row.channel, n);
      board.addVisitors(row.kind, row.channel, n);
    }
    const counts = (c: { views: number; applyClicks: number }) => ({
      views: c.views,
      apply_clicks: c.applyClicks,
    });
    const tallies = [...jobs.all];
    await addTo(
      trx,
      'job_daily_stats',
      ['job_id', 'day'],
      tallies.map(([job_id, tally]) => ({ job_id, day, ...counts(tally) })),
    );
    await addTo(
      trx,
      'job_daily_channel_stats',
      ['job_id', 'day', 'channel'],
      tallies.flatMap(([job_id, tally]) =>
        tally.channels().map((c) => ({ job_id, day, channel: c.channel, ...counts(c) })),
      ),
    );
    await addTo(
      trx,
      'board_daily_channel_stats',
      ['day', 'channel'],
      board.channels().map((c) => ({ day, channel: c.channel, ...counts(c) })),
    );
    return visitors;
  });
}
