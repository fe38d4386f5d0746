/**
 * Trust and safety at 100,000 jobs (issue 45) on SQLite and PostgreSQL (`--only=trust`), on the
 * board of data/trust-board.ts (every job an employer's live listing, with reports and a year of
 * still-hiring check-ins):
 *
 * - the still-hiring check-ins' run (api/src/check-ins/check-in-run.ts) as the API runs it, in
 *   this process (`toolCheckIns`, the bench's clock): the next hourly run (an hour's listings
 *   due), a run a day later (a day's: `jobboard check-ins run` from a daily cron), and runs with
 *   none due (the steady state: every run reads all the live listings old enough to be asked, in
 *   batches); and the two reads of the check-ins alone, the flag pass's and the auto-close pass's;
 * - through the production site (`pnpm start` on the same database): a report of a listing as
 *   the job page's dialog sends it (the spam check's proof solved before the clock starts, as a
 *   browser solves it while the dialog is filled; each from a client of its own), one that
 *   reaches the threshold and takes the listing off the board, and the admin's queue of reports.
 */
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { proofFrom } from '@jobboard/api/test-support';
import { toolCheckIns } from '@jobboard/api/tooling';
import { DAY_MS } from '@jobboard/contract/common';
import type { AdminReportQueue } from '@jobboard/contract/jobs';
import { BENCH_NOW, handToSite } from '../data/bench-database';
import {
  ADMIN_HIDDEN,
  createTrustBoard,
  LAST_RUN,
  OPEN_REPORTS,
  REPORTED,
  THRESHOLD,
  TRUST_JOBS,
  type TrustBoard,
} from '../data/trust-board';
import {
  atMost,
  kb,
  median,
  ms,
  percentile,
  table,
  type Check,
  type SectionResult,
} from '../report';
import { adminSession, timed } from '../support/http';
import { BENCH_ADMIN, startSite } from '../support/site';

/** Reports timed, each on a listing of its own, after WARM_UP untimed. */
const REPORTS = 200;
/** Reports timed that reach the threshold (the listing's THRESHOLD-th open report). */
const REPORTS_TO_THRESHOLD = 50;
const WARM_UP = 5;
const QUEUE_PASSES = 30;
/** Check-in runs with none due, and reads alone, at each of the two times. */
const STEADY_RUNS = 5;

/**
 * Targets. A report and the admin's queue are a person waiting on a button: a report's write is a
 * few indexed reads and inserts beside the spam check and two limits, 100 ms with the round trip;
 * the queue is one unpaged answer (every open report and hidden listing), read when the admin
 * opens the page, 200 ms, and at most 1 MB so it loads within a second on a slow connection.
 * The check-ins' run happens in the background of a serving process every hour, holding a
 * connection (SQLite's one writer while it writes): a run of the hour's due and a run with none
 * due within 1 s at 100,000 jobs, each of its reads of the check-ins within 100 ms; a day's
 * catch-up (some thousand e-mails queued, each in its transaction) within 10 s.
 */
const TARGET = {
  reportP95Ms: 100,
  queueP95Ms: 200,
  queueKb: 1024,
  runMs: 1_000,
  dayRunMs: 10_000,
  readMs: 100,
} as const;

interface TimedRun {
  ms: number;
  checked: number;
  sent: number;
  flagged: number;
  closed: number;
}

export interface TrustRun {
  database: 'SQLite' | 'PostgreSQL';
  loadSeconds: Record<string, number>;
  liveJobs: number;
  checkIns: number;
  hourRun: TimedRun;
  dayRun: TimedRun;
  steady: TimedRun[];
  flagRead: number[];
  closeRead: number[];
  report: number[];
  reportToThreshold: number[];
  /** GET /api/site after each timed report: the round trip with no database work. */
  control: number[];
  queue: number[];
  queueBytes: number;
  queueGzipBytes: number;
  queueListings: number;
  queueOpen: number;
  queueHidden: number;
  /** The machine's 1-minute load average as the timed steps began and ended (a shared machine). */
  load: [number, number];
}

export async function measureTrust(postgresUrl?: string): Promise<TrustRun> {
  const board = await createTrustBoard(postgresUrl);
  const { bench } = board;
  try {
    const [counted] = (await bench.db('jobs').where({ active: true }).count({ live: '*' })) as {
      live: number | string;
    }[];
    const loadBefore = loadavg()[0]!;
    const checkIns = await measureCheckIns(board);
    // The site runs on the database as the check-ins left it (a copy of SQLite's file).
    const database = await handToSite(bench);
    const site = await startSite({
      ...database,
      env: {
        // Each report from a client of its own (X-Forwarded-For), as visitors send them.
        TRUST_PROXY: '127.0.0.1',
        // No background run on the measured requests' time (the check-ins are measured above),
        // and no link checker reaching out to the generated listings' hosts.
        CHECK_IN_INTERVAL_MINUTES: '0',
        LINK_CHECK_INTERVAL_MINUTES: '0',
      },
    });
    try {
      const queue = await measureQueue(site.url);
      const sent = await sendReports(site.url, board);
      const after = await readQueue(site.url);
      const hiddenBySystem = after.listings.filter((l) => l.hiddenBy === 'system').length;
      if (hiddenBySystem !== REPORTED / 5 + REPORTS_TO_THRESHOLD) {
        throw new Error(`${hiddenBySystem} listings hidden by the threshold after the reports`);
      }
      return {
        database: bench.name as TrustRun['database'],
        loadSeconds: board.seeded.seconds,
        liveJobs: Number(counted?.live),
        checkIns: board.seeded.checkIns,
        ...checkIns,
        ...sent,
        ...queue,
        load: [loadBefore, loadavg()[0]!],
      };
    } finally {
      await site.stop();
    }
  } finally {
    await bench.close().catch(() => undefined);
  }
}

async function measureCheckIns({ bench }: TrustBoard) {
  const checkIns = toolCheckIns(bench.db, bench.config.client);
  const run = async (now: Date): Promise<TimedRun> => {
    const started = performance.now();
    const report = await checkIns.run(now);
    const took = performance.now() - started;
    if (!report.ran) throw new Error('the check-ins run found its lease taken');
    return { ms: took, ...report };
  };
  const steadyAt = async (now: Date, times = STEADY_RUNS) => {
    const runs: TimedRun[] = [];
    for (let i = 0; i < times; i += 1) {
      const steady = await run(now);
      if (steady.sent || steady.flagged || steady.closed) {
        throw new Error(`a run with none due did something: ${JSON.stringify(steady)}`);
      }
      runs.push(steady);
    }
    return runs;
  };
  const readsAt = async (now: Date) => {
    const flag: number[] = [];
    const close: number[] = [];
    for (let i = 0; i < STEADY_RUNS; i += 1) {
      let started = performance.now();
      await checkIns.waitedTooLong(now);
      flag.push(performance.now() - started);
      started = performance.now();
      await checkIns.flaggedOpen();
      close.push(performance.now() - started);
    }
    return { flag, close };
  };
  const nextDay = new Date(BENCH_NOW.getTime() + DAY_MS);
  // Untimed: the history's last run again (none due), as a process that has been running has its
  // code compiled and the tables read; it checks that the history left nothing due then, too.
  await steadyAt(new Date(LAST_RUN), 1);
  const hourRun = await run(BENCH_NOW);
  const steady = await steadyAt(BENCH_NOW);
  const reads = await readsAt(BENCH_NOW);
  const dayRun = await run(nextDay);
  steady.push(...(await steadyAt(nextDay)));
  const readsNextDay = await readsAt(nextDay);
  return {
    hourRun,
    dayRun,
    steady,
    flagRead: [...reads.flag, ...readsNextDay.flag],
    closeRead: [...reads.close, ...readsNextDay.close],
  };
}

async function readQueue(url: string): Promise<AdminReportQueue> {
  const admin = await adminSession(url, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const res = await admin('/api/admin/reports');
  if (!res.ok) throw new Error(`the report queue: ${res.status} ${await res.text()}`);
  return (await res.json()) as AdminReportQueue;
}

/** The admin's queue: QUEUE_PASSES reads after a warm-up, and its answer's size. */
async function measureQueue(url: string) {
  const admin = await adminSession(url, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const times: number[] = [];
  let body = '';
  for (let pass = 0; pass <= QUEUE_PASSES; pass += 1) {
    const res = await timed(() => admin('/api/admin/reports'));
    if (res.status !== 200) throw new Error(`the report queue: ${res.status} ${res.body}`);
    if (pass > 0) times.push(res.ms);
    body = res.body;
  }
  const answer = JSON.parse(body) as AdminReportQueue;
  const open = answer.listings.reduce((sum, listing) => sum + listing.openReports, 0);
  if (open !== OPEN_REPORTS) throw new Error(`the queue holds ${open} open reports`);
  return {
    queue: times,
    queueBytes: Buffer.byteLength(body),
    queueGzipBytes: gzipSync(body).length,
    queueListings: answer.listings.length,
    queueOpen: open,
    queueHidden: answer.listings.filter((listing) => listing.hiddenAt !== null).length,
  };
}

/** The timed reports: on unreported listings, then on listings one report short of the threshold. */
async function sendReports(url: string, board: TrustBoard) {
  let n = 0;
  const send = async (jobId: number) => {
    n += 1;
    const client = { 'x-forwarded-for': `10.45.${n >> 8}.${n & 255}` };
    const humanProof = await proofFrom(url, client);
    const body = JSON.stringify({
      reason: n % 3 ? 'scam' : 'closed',
      note: n % 2 ? 'They asked me to pay for training before the interview.' : '',
      email: n % 4 ? '' : `reporter${n}@mail.example.org`,
      humanProof,
    });
    const res = await timed(() =>
      fetch(`${url}/api/jobs/${jobId}/reports`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', ...client },
      }),
    );
    if (res.status !== 201) throw new Error(`report of ${jobId}: ${res.status} ${res.body}`);
    return res.ms;
  };
  const spread = (ids: number[], count: number) =>
    Array.from({ length: count }, (_, i) => ids[Math.floor((i * ids.length) / count)]!);
  const unreported = spread(board.unreported, WARM_UP + REPORTS);
  const report: number[] = [];
  const control: number[] = [];
  for (const [i, jobId] of unreported.entries()) {
    const took = await send(jobId);
    // The site's cheapest answer right after, timed the same way: the round trip alone, beside
    // which a report's own work shows (and the machine's tail at its shortest).
    const site = await timed(() => fetch(`${url}/api/site`));
    if (i >= WARM_UP) {
      report.push(took);
      control.push(site.ms);
    }
  }
  const reportToThreshold: number[] = [];
  for (const jobId of spread(board.oneShort, REPORTS_TO_THRESHOLD)) {
    reportToThreshold.push(await send(jobId));
  }
  return { report, reportToThreshold, control };
}

const count = (value: number) => value.toLocaleString('en-US');
const runLine = (run: TimedRun) =>
  `${count(run.checked)} listings read, ${count(run.sent)} asked, ${count(run.flagged)} flagged, ` +
  `${count(run.closed)} taken off`;

export function trustSection(runs: TrustRun[]): SectionResult {
  const rows = runs.flatMap((run) => {
    /** A step timed several times: its p50 and p95. */
    const spread = (step: string, values: number[], note = '') => [
      run.database,
      step,
      ms(median(values)),
      ms(percentile(values, 95)),
      note,
    ];
    /** A step timed once. */
    const once = (step: string, timed: TimedRun) => [
      run.database,
      step,
      ms(timed.ms),
      '',
      runLine(timed),
    ];
    const steady = run.steady.map((r) => r.ms);
    return [
      spread(`Report a listing (${REPORTS} listings)`, run.report),
      spread(
        `Report that reaches the threshold of ${THRESHOLD} (${REPORTS_TO_THRESHOLD} listings)`,
        run.reportToThreshold,
        'the listing switched off with its history line',
      ),
      spread(
        'Control: `GET /api/site` (reads no database) right after each report',
        run.control,
        'not a target: the same round trip with no database work',
      ),
      spread(
        `Admin's queue: ${count(run.queueOpen)} open reports, ${count(run.queueListings)} listings (${run.queueHidden} hidden)`,
        run.queue,
        `${kb(run.queueBytes)} JSON, ${kb(run.queueGzipBytes)} gzipped`,
      ),
      once('Check-ins: the next hourly run', run.hourRun),
      once('Check-ins: a run a day later', run.dayRun),
      spread(
        `Check-ins: a run with none due (${steady.length} runs)`,
        steady,
        runLine(run.steady[0]!),
      ),
      spread("Check-ins: the flag pass's read alone", run.flagRead),
      spread("Check-ins: the auto-close pass's read alone", run.closeRead),
    ];
  });
  const checks: Check[] = runs.flatMap((run) => [
    atMost(
      `Report a listing at ${count(TRUST_JOBS)} jobs, ${run.database}, p95`,
      percentile(run.report, 95),
      TARGET.reportP95Ms,
      'ms',
    ),
    atMost(
      `Report that takes a listing off the board, ${run.database}, p95`,
      percentile(run.reportToThreshold, 95),
      TARGET.reportP95Ms,
      'ms',
    ),
    atMost(
      `Admin's report queue (${count(OPEN_REPORTS)} open reports), ${run.database}, p95`,
      percentile(run.queue, 95),
      TARGET.queueP95Ms,
      'ms',
    ),
    atMost(
      `Admin's report queue answer, ${run.database}`,
      run.queueBytes / 1024,
      TARGET.queueKb,
      'KB',
    ),
    atMost(
      `Check-in run at ${count(TRUST_JOBS)} jobs, an hour's due (${count(run.hourRun.sent)}), ${run.database}`,
      run.hourRun.ms,
      TARGET.runMs,
      'ms',
    ),
    atMost(
      `Check-in run at ${count(TRUST_JOBS)} jobs, a day's due (${count(run.dayRun.sent)}), ${run.database}`,
      run.dayRun.ms,
      TARGET.dayRunMs,
      'ms',
    ),
    atMost(
      `Check-in run at ${count(TRUST_JOBS)} jobs, none due, ${run.database}, p50`,
      median(run.steady.map((r) => r.ms)),
      TARGET.runMs,
      'ms',
    ),
    atMost(
      `Check-ins' flag and auto-close reads, ${run.database}, p95`,
      percentile([...run.flagRead, ...run.closeRead], 95),
      TARGET.readMs,
      'ms',
    ),
  ]);
  const [first] = runs;
  return {
    title: `Trust and safety at ${count(TRUST_JOBS)} jobs`,
    body: [
      `${count(TRUST_JOBS)} generated jobs on SQLite and PostgreSQL, each an employer's listing ` +
        '(its paid submission and contact), on the board with no end, their first days spread over ' +
        `a year as the postings are (${first ? count(first.liveJobs) : '?'} live after the history below). ` +
        `Still-hiring check-ins at the default ages (14 and 28 days) as an hourly run would have ` +
        `written them up to an hour before the bench's day (${first ? count(first.checkIns) : '?'} ` +
        'check-ins: answered "still open" within 3 days, or 1 in 20 never, flagged 7 days after ' +
        "and, the admins' auto-close on, its listing taken off the board). " +
        `${count(OPEN_REPORTS)} open reports over ${count(REPORTED)} listings, the threshold set to ` +
        `${THRESHOLD}: ${REPORTED / 5} hidden by it, the others live with 3 or 4; ${ADMIN_HIDDEN} ` +
        "listings an admin took down, 10,000 older reports decided. Written through the API's " +
        'writer (the jobs), the rest straight into their tables as the API writes them ' +
        '(bench/src/data/trust-board.ts).',
      '',
      "The check-ins' run as the API runs it (`toolCheckIns`: its code and repositories, in the " +
        "bench's process on the bench's clock): after the history's last run once more (untimed, " +
        'none due), the next hourly run, five runs then with none due, ' +
        "a run a day later (a daily cron), five more with none due; and the flag pass's and the " +
        "auto-close pass's reads of the check-ins alone (a batch of 500 each), five at each time. " +
        "Then the production site on the same database: the admin's queue " +
        `(\`GET /api/admin/reports\`, ${QUEUE_PASSES} reads after one), then ${REPORTS} reports ` +
        `(\`POST /api/jobs/:id/reports\`, after ${WARM_UP} untimed) of listings nobody reported and ` +
        `${REPORTS_TO_THRESHOLD} that each reach the threshold, one at a time, each from a client ` +
        "of its own (X-Forwarded-For through TRUST_PROXY), the spam check's proof fetched and solved " +
        'before the clock starts (as a browser does while the dialog is filled).',
      '',
      table(['Database', 'Step', 'p50', 'p95', 'Note'], rows),
      '',
      `The machine's 1-minute load average as the timed steps began and ended, on ` +
        `${availableParallelism()} cores: ${runs
          .map((run) => `${run.database} ${run.load.map((l) => l.toFixed(1)).join(' and ')}`)
          .join('; ')}.`,
      '',
      `Seeding: ${runs
        .map(
          (run) =>
            `${run.database} ${Object.entries(run.loadSeconds)
              .map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`)
              .join(', ')}`,
        )
        .join('; ')}.`,
    ].join('\n'),
    checks,
  };
}
