import { jobApplyPath } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/platform/rate-limits';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 43, finding 16: a visitor is counted once per job and day by a hash of their client and
 * user agent, so one client sending a new agent each time was counted anew each time. Each
 * client's counted views and apply clicks are limited (RATE_LIMITS' jobView and applyClick, set
 * lower here by their variables); past the limit the beacon still answers 204 and Apply still
 * sends the browser on, but nothing more is counted. The counts are read from the database.
 */

const VIEWS = 3;
const CLICKS = 2;
const START = new Date('2026-11-22T12:10:00Z');
/** A browser's agent, a different one for each `n`: each request a new visitor. */
const agent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.${n}`;

let t: TestApp;
let ids: Record<string, string>;
let sent = 0;

beforeAll(async () => {
  t = await buildTestApp({
    now: START,
    env: { VIEW_RATE_LIMIT_MAX: String(VIEWS), APPLY_CLICK_RATE_LIMIT_MAX: String(CLICKS) },
  });
  ids = await createJobs(t.app, [
    { title: 'First Role', applicationUrl: 'https://apply.example.org/first' },
    { title: 'Second Role', applicationUrl: 'https://apply.example.org/second' },
    { title: 'Third Role', applicationUrl: 'https://apply.example.org/third' },
    { title: 'Fourth Role', applicationUrl: 'https://apply.example.org/fourth' },
  ]);
});
afterAll(() => t.close());

let client = 0;
/** Each test from client addresses of its own: the limits live as long as the app. */
let from: string;
beforeEach(() => {
  client += 1;
  from = `203.0.113.${client}`;
});

const view = (id: string, address = from) =>
  t.app.inject({
    method: 'POST',
    url: `/api/jobs/${id}/view`,
    remoteAddress: address,
    headers: { 'user-agent': agent((sent += 1)) },
  });

const apply = (id: string, address = from) =>
  t.app.inject({
    url: jobApplyPath(id),
    remoteAddress: address,
    headers: { 'user-agent': agent((sent += 1)) },
  });

/** What the database holds for a job, all time. */
async function counted(id: string) {
  await t.app.jobStats.flush();
  return (
    (await t.app.jobStats.totals([Number(id)])).get(Number(id)) ?? { views: 0, applyClicks: 0 }
  );
}

describe(`the limit on counting views and apply clicks on ${testDatabase}`, () => {
  it('is in the one table, per client, answered but uncounted past it', () => {
    expect(RATE_LIMITS.jobView).toMatchObject({ per: 'client', past: 'uncounted', max: 120 });
    expect(RATE_LIMITS.applyClick).toMatchObject({ per: 'client', past: 'uncounted', max: 30 });
    expect(t.config.rateLimits.jobView).toEqual({ max: VIEWS, windowMinutes: 60 });
    expect(t.config.rateLimits.applyClick).toEqual({ max: CLICKS, windowMinutes: 60 });
  });

  it('counts N + 1 views of one client, each a new visitor, as N; each answered 204', async () => {
    const id = ids['First Role']!;
    const before = (await counted(id)).views;
    for (let i = 0; i < VIEWS + 1; i += 1) expect((await view(id)).statusCode).toBe(204);
    expect((await counted(id)).views).toBe(before + VIEWS);
    // Another client is counted apart.
    expect((await view(id, '198.51.100.200')).statusCode).toBe(204);
    expect((await counted(id)).views).toBe(before + VIEWS + 1);
  });

  it("counts a client's views over every job together", async () => {
    const roles = ['First Role', 'Second Role', 'Third Role', 'Fourth Role'].map((r) => ids[r]!);
    const before = await Promise.all(roles.map(async (id) => (await counted(id)).views));
    for (const id of roles) expect((await view(id)).statusCode).toBe(204);
    const after = await Promise.all(roles.map(async (id) => (await counted(id)).views));
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 0]);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const id = ids['Second Role']!;
    const before = (await counted(id)).views;
    for (let i = 1; i <= VIEWS + 1; i += 1) await view(id, `2001:db8:43:${client}::${i}`);
    expect((await counted(id)).views).toBe(before + VIEWS);
  });

  it("counts N + 1 apply clicks of one client as N; each sent to the job's address", async () => {
    const id = ids['Third Role']!;
    const before = await counted(id);
    for (let i = 0; i < CLICKS + 1; i += 1) {
      const res = await apply(id);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('https://apply.example.org/third');
    }
    expect((await counted(id)).applyClicks).toBe(before.applyClicks + CLICKS);
    // Views and apply clicks are limited apart.
    expect((await view(id)).statusCode).toBe(204);
    expect((await counted(id)).views).toBe(before.views + 1);
  });

  it("counts the client again once its window is over (the request's clock)", async () => {
    const id = ids['Fourth Role']!;
    try {
      const before = (await counted(id)).views;
      for (let i = 0; i < VIEWS + 1; i += 1) await view(id);
      expect((await counted(id)).views).toBe(before + VIEWS);
      t.clock.now = new Date(START.getTime() + 60 * 60_000);
      await view(id);
      expect((await counted(id)).views).toBe(before + VIEWS + 1);
    } finally {
      t.clock.now = START;
    }
  });
});
