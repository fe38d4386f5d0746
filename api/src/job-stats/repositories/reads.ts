import { chunks } from '../../platform/db/chunks';
import type { Db } from '../../platform/db/knex';
import { Tallies, type Tally } from './tally';
import type { BoardDayCounts, DayCounts, JobTotals, StatKind } from './types';

type Num = number | string;
type Live = { kind: StatKind; channel: string | null; n: Num };

/**
 * The numbers of these jobs from `fromDay` to `toDay` (UTC dates, both included): the days
 * rolled up, plus the visitors of days not rolled up yet (today's) counted as they stand. Only
 * the days that have any; by job, then day.
 */
export async function jobDays(
  db: Db,
  jobIds: number[],
  fromDay: string,
  toDay: string,
): Promise<DayCounts[]> {
  const days = new Tallies<string>();
  const entry = (jobId: Num, day: string) => days.of(`${Number(jobId)}:${day}`);
  for (const part of chunks(jobIds)) {
    const rolled: { job_id: Num; day: string; views: Num; apply_clicks: Num }[] = await db(
      'job_daily_stats',
    )
      .whereIn('job_id', part)
      .andWhereBetween('day', [fromDay, toDay])
      .select('job_id', 'day', 'views', 'apply_clicks');
    for (const row of rolled) entry(row.job_id, row.day).addTotals(row.views, row.apply_clicks);
    const byChannel: {
      job_id: Num;
      day: string;
      channel: string;
      views: Num;
      apply_clicks: Num;
    }[] = await db('job_daily_channel_stats')
      .whereIn('job_id', part)
      .andWhereBetween('day', [fromDay, toDay])
      .select('job_id', 'day', 'channel', 'views', 'apply_clicks');
    for (const row of byChannel) {
      entry(row.job_id, row.day).addChannel(row.channel, row.views, row.apply_clicks);
    }
    const live: (Live & { job_id: Num; day: string })[] = await db('job_stat_visitors')
      .whereIn('job_id', part)
      .andWhereBetween('day', [fromDay, toDay])
      .groupBy('job_id', 'day', 'kind', 'channel')
      .select('job_id', 'day', 'kind', 'channel', db.raw('count(*) as n'));
    for (const row of live) entry(row.job_id, row.day).addVisitors(row.kind, row.channel, row.n);
  }
  return [...days.all]
    .map(([key, tally]) => {
      const [jobId, day] = key.split(':') as [string, string];
      return { jobId: Number(jobId), day, ...countsOf(tally) };
    })
    .sort((a, b) => a.jobId - b.jobId || a.day.localeCompare(b.day));
}

/**
 * The whole board's numbers from `fromDay` to `toDay`, by channel: the days rolled up
 * (board_daily_channel_stats: a row per day and channel), plus every visitor of the days not
 * rolled up yet (today's: the day's rows of the visitors' key, whatever the number of jobs). Only
 * the days that have any, oldest first. A day rolled up before channels has no rows here.
 */
export async function boardDays(db: Db, fromDay: string, toDay: string): Promise<BoardDayCounts[]> {
  const days = new Tallies<string>();
  const rolled: { day: string; channel: string; views: Num; apply_clicks: Num }[] = await db(
    'board_daily_channel_stats',
  )
    .whereBetween('day', [fromDay, toDay])
    .select('day', 'channel', 'views', 'apply_clicks');
  for (const row of rolled) {
    days.of(row.day).addTotals(row.views, row.apply_clicks);
    days.of(row.day).addChannel(row.channel, row.views, row.apply_clicks);
  }
  const live: (Live & { day: string })[] = await db('job_stat_visitors')
    .whereBetween('day', [fromDay, toDay])
    .groupBy('day', 'kind', 'channel')
    .select('day', 'kind', 'channel', db.raw('count(*) as n'));
  for (const row of live) days.of(row.day).addVisitors(row.kind, row.channel, row.n);
  return [...days.all]
    .map(([day, tally]) => ({ day, ...countsOf(tally) }))
    .sort((a, b) => a.day.localeCompare(b.day));
}

/** Every job's numbers over all time (the admins' CSV): job id to its totals and channels. */
export async function jobTotals(db: Db, jobIds: number[]): Promise<Map<number, JobTotals>> {
  const jobs = new Tallies<number>();
  for (const part of chunks(jobIds)) {
    const rolled: { job_id: Num; views: Num; apply: Num }[] = await db('job_daily_stats')
      .whereIn('job_id', part)
      .groupBy('job_id')
      .select('job_id', db.raw('sum(views) as views'), db.raw('sum(apply_clicks) as apply'));
    for (const row of rolled) jobs.of(Number(row.job_id)).addTotals(row.views, row.apply);
    const byChannel: { job_id: Num; channel: string; views: Num; apply: Num }[] = await db(
      'job_daily_channel_stats',
    )
      .whereIn('job_id', part)
      .groupBy('job_id', 'channel')
      .select(
        'job_id',
        'channel',
        db.raw('sum(views) as views'),
        db.raw('sum(apply_clicks) as apply'),
      );
    for (const row of byChannel) {
      jobs.of(Number(row.job_id)).addChannel(row.channel, row.views, row.apply);
    }
    const live: (Live & { job_id: Num })[] = await db('job_stat_visitors')
      .whereIn('job_id', part)
      .groupBy('job_id', 'kind', 'channel')
      .select('job_id', 'kind', 'channel', db.raw('count(*) as n'));
    for (const row of live) jobs.of(Number(row.job_id)).addVisitors(row.kind, row.channel, row.n);
  }
  return new Map([...jobs.all].map(([jobId, tally]) => [jobId, countsOf(tally)]));
}

function countsOf(tally: Tally): JobTotals {
  return { views: tally.views, applyClicks: tally.applyClicks, channels: tally.channels() };
}
