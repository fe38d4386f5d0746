/**
 * Section 1a (`pnpm bench --million`): PostgreSQL at 1,000,000 jobs, 100,000 live and 900,000
 * ended and archived (issue 31: 'A million jobs'). The live jobs are the very ones of the
 * 100,000-job row (written through the API's writer); the ended history is nine earlier years of
 * them added by the database itself (data/ended-history.ts). The same matrix of searches, the
 * feeds and the board's first page are timed as at 100,000 (sections/search.ts), so each figure
 * compares with the 100,000-job run of the same bench when there is one.
 */
import { FEED_ITEMS } from '@jobboard/contract/jobs';
import { createBenchDatabase, type BenchDatabase } from '../data/bench-database';
import { addEndedHistory } from '../data/ended-history';
import { atMost, ms, percentile, table, type Check, type SectionResult } from '../report';
import { measureOn, type SearchRun } from './search';

/** The live jobs (as the 100,000 row) and the earlier years of them, ended and archived. */
export const MILLION = { live: 100_000, endedYears: 9 } as const;
const TOTAL = MILLION.live * (1 + MILLION.endedYears);

/**
 * A figure at 1,000,000 jobs may be this many times its 100,000 figure and still count as the
 * same: the runs are minutes apart on a shared machine.
 */
const SAME_AS_AT_100K = 1.5;

export interface MillionRun {
  run: SearchRun;
  /** Of the load, the seconds the ended history took. */
  historySeconds: number;
  /** Jobs in the table, and how many of them are archived. */
  jobs: number;
  archived: number;
}

/** A fresh database of the live jobs and their ended history, measured. */
export async function measureMillion(postgresUrl: string): Promise<MillionRun> {
  const bench = await createBenchDatabase(MILLION.live, postgresUrl, MILLION.endedYears);
  try {
    return await measured(bench, bench.historySeconds ?? 0);
  } finally {
    await bench.close();
  }
}

/**
 * The 100,000-job database of the search section, once measured, grown by the ended history and
 * measured again: the same live jobs, written once. Its load is the 100,000 jobs' plus the history.
 */
export async function growToMillion(bench: BenchDatabase): Promise<MillionRun> {
  const started = performance.now();
  await addEndedHistory(bench.db, MILLION.endedYears);
  const historySeconds = (performance.now() - started) / 1000;
  await bench.db.raw('VACUUM ANALYZE');
  const loadSeconds = bench.loadSeconds + (performance.now() - started) / 1000;
  return measured({ ...bench, loadSeconds }, historySeconds);
}

async function measured(bench: BenchDatabase, historySeconds: number): Promise<MillionRun> {
  const { rows } = await bench.db.raw(
    'SELECT count(*) AS jobs, count(*) FILTER (WHERE archived) AS archived FROM jobs',
  );
  return {
    run: await measureOn(bench, TOTAL, { earlierPay: false }),
    historySeconds,
    jobs: Number(rows[0].jobs),
    archived: Number(rows[0].archived),
  };
}

/** The section: the million row, each figure beside the 100,000-job PostgreSQL run's if any. */
export function millionSection(million: MillionRun, atHundredK?: SearchRun): SectionResult {
  const { run } = million;
  const checks: Check[] = [];
  const label = `${TOTAL.toLocaleString('en-US')} jobs (${MILLION.live.toLocaleString('en-US')} live), PostgreSQL`;
  const [p50, p95] = [percentile(run.samples, 50), percentile(run.samples, 95)];
  checks.push(atMost(`Text search at ${label}, p50`, p50, 5, 'ms'));
  checks.push(atMost(`Text search at ${label}, p95`, p95, 25, 'ms'));
  const compared: [string, number[], number[] | undefined][] = [
    [`A feed's newest ${FEED_ITEMS} jobs`, run.feedSamples, atHundredK?.feedSamples],
    ["The board's first page", run.firstPageSamples, atHundredK?.firstPageSamples],
  ];
  for (const [name, samples, before] of compared) {
    if (!before?.length) continue;
    const limit = percentile(before, 95) * SAME_AS_AT_100K;
    checks.push(
      atMost(
        `${name} at ${label}, uncached, p95 (as at 100,000: at most ${SAME_AS_AT_100K}x its ${ms(percentile(before, 95))})`,
        percentile(samples, 95),
        Number(limit.toFixed(2)),
        'ms',
      ),
    );
  }

  const liveArchived = million.archived - (million.jobs - MILLION.live);
  const row = (name: string, samples: number[], before?: number[]) => [
    name,
    ms(percentile(samples, 50)),
    ms(percentile(samples, 95)),
    before?.length ? ms(percentile(before, 50)) : '-',
    before?.length ? ms(percentile(before, 95)) : '-',
  ];
  const body = [
    `${million.jobs.toLocaleString('en-US')} jobs on PostgreSQL, ${million.archived.toLocaleString('en-US')} ` +
      `of them archived: the ${MILLION.live.toLocaleString('en-US')} jobs of the 100,000-job row ` +
      `(written through the API's writer; ${liveArchived.toLocaleString('en-US')} of them past ` +
      `their end on the bench's day and archived, as there) and ` +
      `${MILLION.endedYears} earlier years of them, each job moved back a whole number of years, ` +
      `expired 30 days after its posting and archived (bench/src/data/ended-history.ts: copied by ` +
      `the database with everything the writer derived, \`INSERT ... SELECT\`). Load ` +
      `${run.loadSeconds.toFixed(1)} s in all (the live jobs through the writer, the ended ` +
      `history ${million.historySeconds.toFixed(1)} s, then VACUUM ANALYZE); in a run with the ` +
      `100,000-job PostgreSQL row, its database grows into this one once measured. The same searches as section 1 (one warm-up pass, then measured ` +
      `passes), the feeds of the same terms, and the board's first page (no term, the default ` +
      `filter and sort) ${run.firstPageSamples.length} times.`,
    '',
    table(
      ['Figure', '1,000,000 p50', '1,000,000 p95', '100,000 p50', '100,000 p95'],
      [
        row('Text search (every kind)', run.samples, atHundredK?.samples),
        row(`Feed, newest ${FEED_ITEMS}`, run.feedSamples, atHundredK?.feedSamples),
        row("Board's first page", run.firstPageSamples, atHundredK?.firstPageSamples),
        ...[...run.byVariant].map(([name, samples]) =>
          row(`  ${name}`, samples, atHundredK?.byVariant.get(name)),
        ),
      ],
    ),
    ...(atHundredK
      ? []
      : ['', 'No 100,000-job PostgreSQL run in this bench: nothing to compare with.']),
  ].join('\n');
  return {
    title: `1a. A million jobs on PostgreSQL (${MILLION.live.toLocaleString('en-US')} live, the rest ended and archived)`,
    body,
    checks,
  };
}
