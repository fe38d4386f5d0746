import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@jobboard/contract/common';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { NOT_READY_MESSAGE } from '../../src/platform/ops/probes';
import { ADMIN, createAdmin, login, sessionCookie } from '../support/admin';
import { createJobs } from '../support/jobs';
import { fakeReleases } from '../support/releases';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * When the database cannot be reached, every request that needs it is a 503 with one message (not
 * a 500), /readyz says 503, /healthz stays 200; when the database is back, everything works again
 * in the same process. PostgreSQL: a throw-away cluster of this test's own, stopped and started
 * again. SQLite: a file that cannot be opened (a folder in its place), then a good file put there.
 */

const cleanup: (() => Promise<void> | void)[] = [];
// A built front end, so pages are served too.
const releases = fakeReleases();
cleanup.push(() => rmSync(releases, { recursive: true, force: true }));
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Requests that each need the database, in different ways (cold read, write, session, sign-in). */
function requestsNeedingTheDatabase(t: TestApp, cookie: string, round: number) {
  return {
    search: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/jobs/search',
        // A search not answered before (its page size is new), so it is not in the cache.
        payload: { query: 'editor', page: 1, pageSize: 10 + round },
      }),
    submission: () =>
      injectWithProof(t.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        payload: VALID_SUBMISSION,
      }),
    adminJobs: () => t.app.inject({ url: '/api/admin/jobs', headers: { cookie } }),
    signIn: () => login(t, ADMIN),
  };
}

/**
 * The board's page needs the database for its first view's data: it is still the page (the board
 * then asks the API itself), with a 503. A page without data is as always.
 */
async function expectPagesWhileUnavailable(t: TestApp) {
  const board = await t.app.inject('/');
  expect(board.statusCode).toBe(503);
  expect(board.headers['content-type']).toMatch(/^text\/html/);
  expect(board.body).toContain('<div id="root">');
  expect(board.body).not.toContain('"data":');
  expect(board.headers['retry-after']).toBe('5');
  expect(board.headers['cache-control']).toBe('no-store');
  expect((await t.app.inject('/submit-job')).statusCode).toBe(200);
}

function expectUnavailable(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(res.json(), what).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(res.headers['retry-after'], what).toBe('5');
  expect(res.headers['cache-control'], what).toBe('no-store');
}

/** Until `check` holds, asked again every 100 ms for as long as the test's own timeout lets it. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

const ready = (t: TestApp) => async () => (await t.app.inject('/readyz')).statusCode === 200;

/** /readyz says what is wrong only to the metrics token; anyone else is told "Not ready.". */
const METRICS_TOKEN = 'unavailable-test-metrics-token-of-32-chars';

async function expectNotReady(t: TestApp) {
  const readiness = await t.app.inject('/readyz');
  expect(readiness.statusCode).toBe(503);
  expect(readiness.json()).toEqual({ message: NOT_READY_MESSAGE });
  const detailed = await t.app.inject({
    url: '/readyz',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(detailed.statusCode).toBe(503);
  expect(detailed.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

describe.runIf(testDatabase === 'postgres')('PostgreSQL stopped and started again', () => {
  it('answers 503 while it is down and recovers by itself', { timeout: 90_000 }, async () => {
    const cluster: PgCluster = await startPgCluster();
    cleanup.push(() => cluster.stop());
    const t = await buildTestApp({
      database: { client: 'postgres', connectionString: cluster.url },
      env: { RELEASES_DIR: releases, METRICS_TOKEN },
    });
    cleanup.push(() => t.close());
    await createJobs(t.app, [{ title: 'Data Editor' }]);
    await createAdmin(t);
    const cookie = sessionCookie(await login(t));

    const before = requestsNeedingTheDatabase(t, cookie, 1);
    expect((await before.search()).statusCode).toBe(200);
    expect((await before.adminJobs()).statusCode).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);

    cluster.shutdown();
    const during = requestsNeedingTheDatabase(t, cookie, 2);
    for (const [what, send] of Object.entries(during)) expectUnavailable(await send(), what);
    await expectPagesWhileUnavailable(t);
    await expectNotReady(t);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);

    cluster.start();
    await eventually(ready(t));
    const after = requestsNeedingTheDatabase(t, cookie, 3);
    const search = await after.search();
    expect(search.statusCode).toBe(200);
    expect(search.json().jobs.map((job: { title: string }) => job.title)).toEqual(['Data Editor']);
    // The session made before the outage is still good: sessions live in the database.
    expect((await after.adminJobs()).statusCode).toBe(200);
    expect((await after.submission()).statusCode).toBe(201);
    expect((await t.app.inject('/')).statusCode).toBe(200);
    expect((await after.signIn()).statusCode).toBe(200);
  });
});

describe.runIf(testDatabase === 'sqlite')('a SQLite file that cannot be opened', () => {
  it('answers 503 until a good file is there, then works without a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-unavailable-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // A good database, made aside: migrated, with a job and an admin.
    const good = path.join(dir, 'good.sqlite');
    const prepared = await buildTestApp({ database: { client: 'sqlite', filename: good } });
    await createJobs(prepared.app, [{ title: 'Data Editor' }]);
    await createAdmin(prepared);
    const cookie = sessionCookie(await login(prepared));
    await prepared.close();

    // The server's file is a folder: SQLite cannot open it.
    const filename = path.join(dir, 'board.sqlite');
    mkdirSync(filename);
    const t = await buildTestApp({
      database: { client: 'sqlite', filename },
      migrate: false,
      env: { RELEASES_DIR: releases, METRICS_TOKEN },
    });
    cleanup.push(() => t.close());

    const during = requestsNeedingTheDatabase(t, cookie, 1);
    for (const [what, send] of Object.entries(during)) expectUnavailable(await send(), what);
    await expectPagesWhileUnavailable(t);
    await expectNotReady(t);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);

    // The operator puts the right file in place; the same process picks it up.
    rmSync(filename, { recursive: true });
    cpSync(good, filename);
    await eventually(ready(t));
    const after = requestsNeedingTheDatabase(t, cookie, 2);
    const search = await after.search();
    expect(search.statusCode).toBe(200);
    expect(search.json().jobs.map((job: { title: string }) => job.title)).toEqual(['Data Editor']);
    expect((await after.adminJobs()).statusCode).toBe(200);
    expect((await after.submission()).statusCode).toBe(201);
    expect((await t.app.inject('/')).statusCode).toBe(200);
  });
});
