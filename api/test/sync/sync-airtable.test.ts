import { createServer } from 'node:net';
import { SYNC_LIMITS } from '@jobboard/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CSRF, login, sessionCookie, signedIn } from '../support/admin';
import {
  airtableEnv,
  airtableJob,
  startFakeAirtable,
  type FakeAirtable,
} from '../support/fake-airtable';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The re-sync from Airtable (issue 14, docs/architecture.md, Re-sync) against a local
 * Airtable-shaped server: paging, 429s, invalid records, removals, failures, and two syncs at
 * once. The rate limit: sync-rate-limiter.test.ts (a fake clock), and on the real clock with a
 * sync of 1,000 records, system/sync-airtable-figure.test.ts.
 */

let fake: FakeAirtable;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let adminJobId: string;
let paidJobId: string;

// No real wait after a 429: how long the sync waits is test/sync/sync-rate-limiter.test.ts's, on a
// fake clock.
const SYNC_ENV = { SYNC_RETRY_WAIT_SECONDS: '0', SYNC_REQUEST_TIMEOUT_SECONDS: '1' };

beforeAll(async () => {
  fake = await startFakeAirtable();
  t = await buildTestApp({ env: { ...airtableEnv(fake), ...SYNC_ENV } });
  admin = await signedIn(t);
  const ids = await createJobs(t.app, [
    { title: 'Made by an admin', source: 'admin' },
    { title: 'Paid submission', source: 'submission', externalId: '1', featured: true },
  ]);
  adminJobId = ids['Made by an admin']!;
  paidJobId = ids['Paid submission']!;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const refresh = (app = admin) => app({ method: 'GET', url: '/api/refresh-jobs' });
const adminJobs = async () => (await admin({ url: '/api/admin/jobs' })).json() as AdminJobRow[];
const lastSync = async () => (await admin({ url: '/api/admin/sync/last' })).json();
type AdminJobRow = { id: string; title: string; active: boolean; source: string } & Record<
  string,
  unknown
>;
const bySource = (jobs: AdminJobRow[], source: string) => jobs.filter((j) => j.source === source);
const RECORDS = Array.from({ length: 250 }, (_, i) => airtableJob(i + 1));
// Record 137 has no title: skipped, the rest sync.
RECORDS[136] = airtableJob(137, { Title: undefined });

describe(`re-sync from Airtable on ${testDatabase}`, () => {
  it('reads three pages through a 429, skips the invalid record with its reason, and shows the new jobs on the public board', async () => {
    fake.records = RECORDS.map((r) => structuredClone(r));
    fake.script = ['ok', '429', 'ok', 'ok'];
    const before = (await t.app.inject('/api/jobs')).json();
    expect(before.length).toBe(2); // the admin's and the paid job: cached now

    const res = await refresh();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      source: 'Airtable',
      created: 249,
      updated: 0,
      unchanged: 0,
      deactivated: 0,
      skipped: 1,
      skippedRecords: [{ externalId: 'rec00000000000137', reason: "'Title' is missing" }],
      conflicts: 0,
      held: 0,
      message: 'Jobs refreshed from Airtable: 249 created, 0 updated, 0 deactivated, 1 skipped.',
    });
    // Three pages of 100 by offset, the second asked twice (429, then after the wait).
    expect(fake.requests.map((r) => [r.pageSize, r.offset, r.status])).toEqual([
      ['100', null, 200],
      ['100', 'itr/100', 429],
      ['100', 'itr/100', 200],
      ['100', 'itr/200', 200],
    ]);

    // The public read cache was dropped: the new jobs are on the board at once.
    const board = (await t.app.inject('/api/jobs?pageSize=100')).json();
    expect(board.length).toBe(100);
    const jobs = await adminJobs();
    const twelve = jobs.find((j) => j.title === 'Synced Role 12')!;
    const shown = (await t.app.inject(`/api/jobs/${twelve.id}`)).json();
    expect(shown).toMatchObject({
      organization: 'Source Org 5',
      location: 'Remote',
      remote: true,
      jobType: 'Full-time',
      category: ['Communications'], // given as a string
      postedDate: '2026-11-20',
      salaryMin: 50_012,
      salaryMax: 60_012,
      applicationUrl: 'https://source.example/jobs/12',
      via: 'Airtable',
      active: true,
    });

    expect(bySource(jobs, 'airtable')).toHaveLength(249);
    expect(jobs.find((j) => j.title === 'Synced Role 13')?.category).toEqual([
      'Communications',
      'Fundraising',
    ]);
  });

  it('creates nothing new when the same sync runs again (and rewrites nothing)', async () => {
    const before = await adminJobs();
    const res = await refresh();
    expect(res.json()).toMatchObject({ created: 0, updated: 0, unchanged: 249, deactivated: 0 });
    expect(res.json().skipped).toBe(1);
    expect(await adminJobs()).toEqual(before);
  });

  it('updates a changed record in place, deactivates a removed one (kept, not deleted), and leaves admin and paid jobs alone', async () => {
    const before = await adminJobs();
    const untouched = before.filter((j) => j.source !== 'airtable');
    fake.records = fake.records.filter((r) => r.id !== 'rec00000000000007');
    fake.records[4]!.fields.Title = 'Synced Role 5, renamed';

    const res = await refresh();
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 247, deactivated: 1 });
    const after = await adminJobs();
    expect(after).toHaveLength(before.length);
    const renamed = after.find((j) => j.title === 'Synced Role 5, renamed')!;
    expect(renamed.id).toBe(before.find((j) => j.title === 'Synced Role 5')!.id);
    const removed = after.find((j) => j.title === 'Synced Role 7')!;
    expect(removed.active).toBe(false);
    expect((await t.app.inject(`/api/jobs/${removed.id}`)).statusCode).toBe(404);
    expect(after.filter((j) => j.source !== 'airtable')).toEqual(untouched);
    expect(untouched.map((j) => j.id).sort()).toEqual([adminJobId, paidJobId].sort());

    // The record comes back: the same job, switched on again.
    fake.records.splice(6, 0, airtableJob(7));
    const back = await refresh();
    expect(back.json()).toMatchObject({ created: 0, updated: 1, deactivated: 0 });
    const again = (await adminJobs()).find((j) => j.title === 'Synced Role 7')!;
    expect(again).toMatchObject({ id: removed.id, active: true });
  });

  it.each([
    [
      'a 500',
      ['500'],
      /Airtable answered 500 Internal Server Error: SERVER_ERROR: Try again later/,
    ],
    ['bad JSON', ['bad-json'], /Airtable did not answer valid JSON/],
    ['a timeout', ['hang'], /Airtable did not answer within 1 s/],
    ['a 500 on the second page', ['ok', '500'], /Airtable answered 500/],
    [
      'a 429 five times in a row (Retry-After: 0 or none)',
      ['429', '429-retry-after', '429', '429-retry-after', '429'],
      /Airtable kept answering 429 \(too many requests\) after 5 tries/,
    ],
  ] as const)('changes nothing when the source fails: %s', async (_name, script, message) => {
    const before = await adminJobs();
    fake.records.push(airtableJob(900)); // what a successful sync would add
    fake.records[0]!.fields.Title = 'Would be renamed';
    fake.script = [...script];
    const res = await refresh();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(message);
    expect(res.json().message).toMatch(/Nothing was changed\.$/);
    expect(res.json().message).not.toContain(fake.apiKey);
    expect(await adminJobs()).toEqual(before);
    const last = await lastSync();
    expect(last.last).toMatchObject({ status: 'failed', source: 'Airtable', created: 0 });
    expect(last.last.error).toMatch(message);
    fake.records.pop();
    fake.records[0]!.fields.Title = 'Synced Role 1';
  });

  it('changes nothing when the source cannot be reached (connection refused)', async () => {
    const port = await closedPort();
    const other = await buildTestApp({
      sameDatabaseAs: t,
      env: { ...airtableEnv(fake), AIRTABLE_API_URL: `http://127.0.0.1:${port}/v0`, ...SYNC_ENV },
    });
    try {
      const before = await adminJobs();
      const res = await (await signedInAgain(other))({ url: '/api/refresh-jobs' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/Airtable could not be reached \(ECONNREFUSED\)/);
      expect(await adminJobs()).toEqual(before);
    } finally {
      await other.app.close();
    }
  });

  it('never interleaves two syncs, in one process or two: the second is refused with 409', async () => {
    const other = await buildTestApp({
      sameDatabaseAs: t,
      // The sync that runs here waits on the held source for as long as the test needs.
      env: { ...airtableEnv(fake), ...SYNC_ENV, SYNC_REQUEST_TIMEOUT_SECONDS: '600' },
    });
    const source = fake.hold();
    try {
      const otherAdmin = await signedInAgain(other);
      fake.records.push(airtableJob(901), airtableJob(902));
      // One sync is reading the source (held), while a second starts in the same process and a
      // third in the other: the syncs overlap for sure, however fast the machine is.
      const running = refresh(otherAdmin);
      await source.arrived;
      const [two, three] = await Promise.all([refresh(otherAdmin), refresh()]);
      source.release();
      const one = await running;
      const answers = [one, two, three].map((r) => r.statusCode).sort();
      expect(answers).toEqual([200, 409, 409]);
      const refused = [one, two, three].find((r) => r.statusCode === 409)!;
      expect(refused.json().message).toMatch(
        /^A job sync is already running .*Try again when it has finished\.$/,
      );
      const ran = [one, two, three].find((r) => r.statusCode === 200)!;
      expect(ran.json()).toMatchObject({ created: 2 });
      const titles = (await adminJobs()).map((j) => j.title);
      expect(titles.filter((title) => title === 'Synced Role 901')).toHaveLength(1);
      // The lock is free again afterwards.
      expect((await refresh()).json()).toMatchObject({ created: 0, updated: 0 });
    } finally {
      source.release();
      await other.app.close();
    }
  });

  it('a scheduled sync takes the same lock: skipped while one runs, recorded as scheduled otherwise', async () => {
    const { lease } = t.app.syncRuns;
    expect(await lease.tryAcquire(t.db, 'someone-else', t.clock.now.getTime(), 60_000)).toBe(true);
    const runs = fake.requests.length;
    await t.app.runScheduledSync();
    expect(fake.requests.length).toBe(runs); // skipped: the source was not even read
    expect((await refresh()).statusCode).toBe(409);
    await lease.release(t.db, 'someone-else');

    fake.records.push(airtableJob(903));
    await t.app.runScheduledSync();
    expect((await lastSync()).last).toMatchObject({
      trigger: 'schedule',
      status: 'succeeded',
      created: 1,
    });
  });

  it('shows the last sync for the dashboard: when, source, counts, skipped records with reasons', async () => {
    await refresh();
    const res = await lastSync();
    expect(res).toEqual({
      source: 'Airtable',
      last: {
        id: expect.any(String),
        source: 'Airtable',
        trigger: 'admin',
        status: 'succeeded',
        startedAt: t.clock.now.toISOString(),
        finishedAt: expect.any(String),
        created: 0,
        updated: 0,
        unchanged: expect.any(Number),
        deactivated: 0,
        skipped: 1,
        skippedRecords: [{ externalId: 'rec00000000000137', reason: "'Title' is missing" }],
        conflicts: 0,
        conflictRecords: [],
        error: null,
      },
      held: { count: 0, jobs: [] },
    });
    // The dashboard's numbers name the same sync.
    const stats = (await admin({ url: '/api/admin/stats' })).json() as { lastSync: string | null };
    expect(stats.lastSync).toBe(res.last.finishedAt);
  });

  it('keeps only the newest 100 sync records', async () => {
    const newest = await lastSync();
    const run = {
      source: 'airtable' as const,
      trigger: 'schedule' as const,
      status: 'succeeded' as const,
      startedAt: t.clock.now,
      finishedAt: t.clock.now,
      created: 0,
      updated: 0,
      unchanged: 0,
      deactivated: 0,
      skipped: 0,
      skippedRecords: [],
      conflicts: [],
      error: null,
    };
    for (let n = 1; n <= SYNC_LIMITS.keptRuns + 5; n += 1) {
      await t.app.syncRuns.record(t.db, { ...run, created: n });
    }
    const rows: { id: number | string; created: number | string }[] = await t
      .db('sync_runs')
      .orderBy('id')
      .select('id', 'created');
    expect(rows).toHaveLength(SYNC_LIMITS.keptRuns);
    expect(rows.map((row) => Number(row.created))).toEqual(
      Array.from({ length: SYNC_LIMITS.keptRuns }, (_, i) => i + 6),
    );
    expect(Number(rows[0]!.id)).toBeGreaterThan(Number(newest.last.id));
    expect((await lastSync()).last).toMatchObject({ created: SYNC_LIMITS.keptRuns + 5 });
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The same admin (already in the shared database), signed in to another app. */
async function signedInAgain(other: TestApp) {
  const cookie = sessionCookie(await login(other));
  return (options: InjectOptions) => other.app.inject({ ...options, headers: { ...CSRF, cookie } });
}
