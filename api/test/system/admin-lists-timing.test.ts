import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { login, sessionCookie } from '../support/admin';
import { JOBS, adminBoard } from '../support/admin-board';
import { testDatabase, type TestApp } from '../support/test-app';

/**
 * How long the admin's lists take at 2,000 jobs through HTTP, on the real clock: printed as
 * `[admin-scale]`, not asserted (a figure of the machine). The bench's admin-lists section holds
 * the targets (p95 against 50 ms); what the lists answer is checked in the fast tier
 * (jobs/admin-scale.test.ts, backoffice/backoffice-scale.test.ts).
 */

let t: TestApp;

beforeAll(async () => {
  ({ t } = await adminBoard());
}, 120_000);
afterAll(() => t.close());

describe(`admin lists' timings at ${JOBS} jobs on ${testDatabase}`, () => {
  it('answers every view of both lists (p95 printed, not asserted)', async () => {
    // Timed on the app as production runs it: the test app also checks every answer against its
    // struct (support/response-check.ts), about 10 ms of superstruct per page that production
    // never spends. Same database and session store, so the same cookie signs in.
    const bare = await buildApp({ config: t.config, db: t.db, now: () => t.clock.now });
    await bare.ready();
    const cookie = sessionCookie(await login(t));
    const get = (url: string) => bare.inject({ url, headers: { cookie } });
    const views = [
      '',
      '?page=40&pageSize=50',
      '?q=grants',
      '?status=live&sort=title&dir=asc',
      '?featured=yes&sort=organization',
      '?source=sync&sort=posted&dir=desc',
      '?expiring=yes&sort=expires&dir=asc',
      '?q=org%2012&status=inactive',
    ];
    const durations: number[] = [];
    const slowest: Record<string, number> = {};
    for (let round = 0; round < 8; round += 1) {
      for (const view of views) {
        const started = performance.now();
        const res = await get(`${ENDPOINTS.adminJobPage.path}${view}`);
        const took = performance.now() - started;
        durations.push(took);
        slowest[view] = Math.max(slowest[view] ?? 0, took);
        expect(res.statusCode).toBe(200);
      }
    }
    const subDurations: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const started = performance.now();
      const res = await get(`${ENDPOINTS.adminSubmissionPage.path}?q=x&status=paid`);
      subDurations.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
    const p95 = (list: number[]) =>
      [...list].sort((a, b) => a - b)[Math.ceil(list.length * 0.95) - 1]!;
    console.log(
      `[admin-scale] ${testDatabase}, ${JOBS} jobs: jobs list p95 ${p95(durations).toFixed(1)} ms ` +
        `slowest by view ${JSON.stringify(slowest, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))} ` +
        `(median ${[...durations].sort((a, b) => a - b)[durations.length >> 1]!.toFixed(1)} ms, ` +
        `${durations.length} requests); submissions list p95 ${p95(subDurations).toFixed(1)} ms`,
    );
    await bare.close();
  });
});
