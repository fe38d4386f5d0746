/**
 * The trust section's board (issue 45): 100,000 generated jobs, every one an employer's listing
 * (source 'submission', with its paid submission and contact), on the board with no end, written
 * through the API's writer and their first day spread over a year as the generator's posting
 * dates are (more of them recent). Then, straight into their tables as the API writes them:
 *
 * - the still-hiring check-ins of a board that has run them hourly (the default interval) up to
 *   an hour before BENCH_NOW, at the default ages (14 and 28 days): each asked at each age it
 *   reached, answered "still open" within 3 days, or (1 in UNANSWERED) never, flagged 7 days
 *   after its e-mail and, the admins' auto-close being on, its listing taken off the board then
 *   (switched off, as the run does; it is asked nothing more);
 * - the reports of OPEN_REPORTS open reports over REPORTED listings, the threshold set to
 *   THRESHOLD: a fifth of them hidden by it (each with THRESHOLD open reports, switched off), the
 *   rest live with 3 or 4 (one more takes those with 4 off); ADMIN_HIDDEN listings an admin took
 *   down (their reports decided); and DECIDED_REPORTS older reports decided and kept.
 */
import { createHash } from 'node:crypto';
import { DAY_MS } from '@jobboard/contract/common';
import { REPORT_REASON_VALUES } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { BENCH_NOW, createBenchDatabase, type BenchDatabase } from './bench-database';
import { randomSource } from './generate-jobs';

export const TRUST_JOBS = 100_000;
/** The interval of the check-ins' run (CHECK_IN_INTERVAL_MINUTES' default, 60). */
export const HOUR_MS = 60 * 60_000;
/** The check-ins' history ends with a run at this time: the next hourly run is at BENCH_NOW. */
export const LAST_RUN = BENCH_NOW.getTime() - HOUR_MS;
/** One check-in in this many is never answered. */
const UNANSWERED = 20;
const AGES = [14, 28];
const ANSWER_DAYS = 7;

export const THRESHOLD = 5;
export const OPEN_REPORTS = 2_000;
export const REPORTED = 500;
export const ADMIN_HIDDEN = 20;
const DECIDED_REPORTS = 10_000;

/** The reported listings by kind, for the timed reports that follow. */
export interface TrustBoard {
  bench: BenchDatabase;
  /** Live listings with THRESHOLD - 1 open reports: one more report takes each off the board. */
  oneShort: number[];
  /** Live listings nobody has reported. */
  unreported: number[];
  /** Listings and check-ins written, seconds each step took. */
  seeded: { checkIns: number; closed: number; seconds: Record<string, number> };
}

export async function createTrustBoard(postgresUrl?: string): Promise<TrustBoard> {
  const seconds: Record<string, number> = {};
  let started = performance.now();
  const lap = (step: string) => {
    seconds[step] = (performance.now() - started) / 1000;
    started = performance.now();
  };
  const bench = await createBenchDatabase(TRUST_JOBS, postgresUrl, 0, (job) => ({
    ...job,
    active: true,
    expiresAt: null,
    deadline: null,
    source: 'submission',
    externalId: null,
  }));
  seconds.jobs = bench.loadSeconds;
  started = performance.now();
  const { db } = bench;
  const jobs = await spreadFirstDays(db);
  await writeSubmissions(db, jobs);
  await db('settings').insert(
    Object.entries({ reportThreshold: THRESHOLD, checkInAutoClose: true }).map(([key, value]) => ({
      key,
      value: JSON.stringify(value),
      updated_by: 'admin:bench-admin',
      updated_at: BENCH_NOW.getTime(),
    })),
  );
  lap('submissions');
  const history = await writeCheckIns(db, jobs);
  lap('check-ins');
  const live = (await db('jobs').where({ active: true }).orderBy('id').pluck('id')).map(Number);
  const reports = await writeReports(db, live);
  lap('reports');
  if (bench.config.client === 'postgres') await db.raw('VACUUM ANALYZE');
  else await db.raw('ANALYZE');
  lap('analyze');
  return { bench, ...reports, seeded: { ...history, seconds } };
}

/**
 * Write rows in batches: PostgreSQL binds at most 65,535 values a statement, and knex writes a
 * SQLite batch as one compound SELECT of at most 500 terms.
 */
async function insertAll(db: Knex, table: string, rows: object[], batch = 500) {
  for (let i = 0; i < rows.length; i += batch) await db(table).insert(rows.slice(i, i + batch));
}

/**
 * Each job's first day on the board (`created_at`, when it went live) on its posting date, at an
 * hour of its own; before BENCH_NOW. The ids and times, oldest id first.
 */
async function spreadFirstDays(db: Knex): Promise<{ id: number; createdAt: number }[]> {
  const rows: { id: number | string; posted_date: string }[] = await db('jobs')
    .orderBy('id')
    .select('id', 'posted_date');
  const random = randomSource(4501);
  const jobs = rows.map((row) => ({
    id: Number(row.id),
    createdAt: Math.min(
      Date.parse(`${row.posted_date}T00:00:00Z`) + random.int(0, DAY_MS - 1),
      BENCH_NOW.getTime() - 60_000,
    ),
  }));
  // One UPDATE from a table of the times: the same SQL on both databases.
  await db.schema.createTable('bench_first_days', (t) => {
    t.integer('id').primary();
    t.bigInteger('created_at').notNullable();
  });
  await insertAll(
    db,
    'bench_first_days',
    jobs.map((job) => ({ id: job.id, created_at: job.createdAt })),
  );
  await db.raw(
    'UPDATE jobs SET created_at = (SELECT b.created_at FROM bench_first_days b WHERE b.id = jobs.id)',
  );
  await db.schema.dropTable('bench_first_days');
  return jobs;
}

/** Each job's paid submission, its contact the one the check-ins e-mail. */
async function writeSubmissions(db: Knex, jobs: { id: number; createdAt: number }[]) {
  const titles: { id: number | string; title: string }[] = await db('jobs').select('id', 'title');
  const titleOf = new Map(titles.map((row) => [Number(row.id), row.title]));
  const rows = jobs.map(({ id, createdAt }) => ({
    title: titleOf.get(id) ?? `Listing ${id}`,
    organization: `Organization ${id % 4_000}`,
    description: 'Run our programs with partners across the region and report on their results.',
    location: 'Remote',
    categories: JSON.stringify(['Communications']),
    job_type: 'Full-time',
    application_url: `https://org${id % 4_000}.example.org/jobs/${id}`,
    contact_name: `Contact ${id}`,
    contact_email: `hiring${id % 3}@org${id % 4_000}.example.org`,
    listing_type: 'basic',
    amount_cents: 9_900,
    status: 'paid',
    job_id: id,
    paid_at: createdAt - HOUR_MS,
    submitted_at: createdAt - DAY_MS,
    updated_at: createdAt,
  }));
  await insertAll(db, 'submissions', rows);
}

/** The first hourly run at or after `at`. */
const runAfter = (at: number) => Math.ceil(at / HOUR_MS) * HOUR_MS;

/** The check-ins an hourly run since the listings' first days would have written by LAST_RUN. */
async function writeCheckIns(db: Knex, jobs: { id: number; createdAt: number }[]) {
  const random = randomSource(4502);
  const rows: Record<string, string | number | null>[] = [];
  const closed: number[] = [];
  for (const { id, createdAt } of jobs) {
    for (const age of AGES) {
      const sentAt = runAfter(createdAt + age * DAY_MS);
      if (sentAt > LAST_RUN) break;
      const row: Record<string, string | number | null> = {
        job_id: id,
        age_days: age,
        token_hash: createHash('sha256').update(`bench-check-in-${id}-${age}`).digest('hex'),
        sent_at: sentAt,
        answer: null,
        answered_at: null,
        unanswered_at: null,
        closed_at: null,
      };
      rows.push(row);
      if (random.int(1, UNANSWERED) === 1) {
        const flaggedAt = runAfter(sentAt + ANSWER_DAYS * DAY_MS);
        if (flaggedAt > LAST_RUN) break;
        row.unanswered_at = flaggedAt;
        row.closed_at = flaggedAt;
        closed.push(id);
        break;
      }
      const answeredAt = sentAt + random.int(10 * 60_000, 3 * DAY_MS);
      if (answeredAt <= LAST_RUN) {
        row.answer = 'open';
        row.answered_at = answeredAt;
      }
    }
  }
  await insertAll(db, 'check_ins', rows);
  await switchOff(db, closed);
  return { checkIns: rows.length, closed: closed.length };
}

async function switchOff(db: Knex, ids: number[]) {
  for (let i = 0; i < ids.length; i += 500) {
    await db('jobs')
      .whereIn('id', ids.slice(i, i + 500))
      .update({ active: false });
  }
}

const NOTES = [
  'The salary is not what the organization pays, I applied last month.',
  'They asked me to pay for training before the interview. This is a scam, please look at it.',
  'This listing has been filled for weeks; the organization told me so when I called.',
  'The application link goes to a different company asking for my bank details and ID. ' +
    'I did not give them anything, but others might. Please check the website and the address.',
];

/** The reports as the API writes them (reports-repository.ts), on listings picked from `live`. */
async function writeReports(db: Knex, live: number[]) {
  const random = randomSource(4503);
  // Every other reported listing from the live ones, spread over the board.
  const step = Math.floor(live.length / (REPORTED + ADMIN_HIDDEN + DECIDED_REPORTS / 5 + 1));
  const picked = Array.from({ length: REPORTED + ADMIN_HIDDEN + DECIDED_REPORTS / 5 }, (_, i) => {
    return live[(i + 1) * step]!;
  });
  const hiddenByThreshold = picked.slice(0, REPORTED / 5);
  const oneShort = picked.slice(REPORTED / 5, REPORTED / 5 + (REPORTED * 3) / 5);
  const three = picked.slice(REPORTED / 5 + (REPORTED * 3) / 5, REPORTED);
  const adminHidden = picked.slice(REPORTED, REPORTED + ADMIN_HIDDEN);
  const decidedKept = picked.slice(REPORTED + ADMIN_HIDDEN);
  let n = 0;
  const report = (jobId: number, status: 'open' | 'kept' | 'taken_down') => {
    n += 1;
    const createdAt = BENCH_NOW.getTime() - n * 7 * 60_000;
    const open = status === 'open';
    return {
      job_id: jobId,
      reason: random.pick(REPORT_REASON_VALUES),
      note: random.chance(0.4) ? random.pick(NOTES) : '',
      email: open && random.chance(0.4) ? `reporter${n}@mail.example.org` : null,
      open_client: open ? createHash('sha256').update(`bench-client-${n}`).digest('hex') : null,
      status,
      created_at: createdAt,
      decided_at: open ? null : createdAt + DAY_MS,
      decided_by: open ? null : 'admin:bench-admin',
    };
  };
  const rows = [
    ...hiddenByThreshold.flatMap((id) =>
      Array.from({ length: THRESHOLD }, () => report(id, 'open')),
    ),
    ...oneShort.flatMap((id) => Array.from({ length: THRESHOLD - 1 }, () => report(id, 'open'))),
    ...three.flatMap((id) => Array.from({ length: 3 }, () => report(id, 'open'))),
    ...adminHidden.flatMap((id) => Array.from({ length: 3 }, () => report(id, 'taken_down'))),
    ...decidedKept.flatMap((id) => Array.from({ length: 5 }, () => report(id, 'kept'))),
  ];
  const open = rows.filter((row) => row.status === 'open').length;
  if (open !== OPEN_REPORTS) throw new Error(`${open} open reports written`);
  await insertAll(db, 'listing_reports', rows);
  const hold = (jobId: number, hiddenBy: string | null) => ({
    job_id: jobId,
    hidden_at: hiddenBy ? BENCH_NOW.getTime() - jobId : null,
    hidden_by: hiddenBy,
    switched_off: hiddenBy !== null,
    updated_at: BENCH_NOW.getTime(),
  });
  await insertAll(db, 'reported_listings', [
    ...hiddenByThreshold.map((id) => hold(id, 'system')),
    ...[...oneShort, ...three, ...decidedKept].map((id) => hold(id, null)),
    ...adminHidden.map((id) => hold(id, 'admin:bench-admin')),
  ]);
  await switchOff(db, [...hiddenByThreshold, ...adminHidden]);
  const reported = new Set(picked);
  return { oneShort, unreported: live.filter((id) => !reported.has(id)) };
}
