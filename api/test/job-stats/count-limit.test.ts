import { jobApplyPath } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/platform/rate-limits';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 43, finding 16: each client's counted views and apply clicks are limited (RATE_LIMITS'
 * jobView and applyClick, set lower here by their variables), all jobs together; past the limit
 * the beacon still answers 204 and Apply still sends the browser on, but nothing more is counted.
 * Since issue 45 a visitor is the client alone (one-visitor.test.ts), so the limit is reached by
 * views of several jobs; each request still sends a new agent, which changes nothing. The counts
 * are read from the database.
 */

const VIEWS = 3;
const CLICKS = 2;
const START = new Date('2026-11-22T12:10:00Z');
/** A browser's agent, a different one for each `n`. */
const agent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.${n}`;

let t: TestApp;
let ids: Record<string, string>;
/** The jobs, one more than the views a client is counted for. */
let roles: string[];
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
  roles = ['First Role', 'Second Role', 'Third Role', 'Fourth Role'].map((r) => ids[r]!);
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
const viewsOf = async (jobs: string[]) =>
  Promise.all(jobs.map(async (id) => (await counted(id)).views));

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

  it("counts a client's views over every job together: N + 1 jobs, N counted; each answered 204", async () => {
    const before = await viewsOf(roles);
    for (const id of roles) expect((await view(id)).statusCode).toBe(204);
    const after = await viewsOf(roles);
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 0]);
    // Another client is counted apart.
    expect((await view(roles[3]!, '198.51.100.200')).statusCode).toBe(204);
    expect((await counted(roles[3]!)).views).toBe(after[3]! + 1);
  });

  it('takes every view from the limit, a view of a job already counted today too', async () => {
    const before = await viewsOf(roles);
    // Two views of the first job: the second counts nothing, and takes its place in the limit.
    for (const id of [roles[0]!, ...roles]) expect((await view(id)).statusCode).toBe(204);
    const after = await viewsOf(roles);
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 0, 0]);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const before = await viewsOf(roles);
    for (const [i, id] of roles.entries()) await view(id, `2001:db8:43:${client}::${i + 1}`);
    const after = await viewsOf(roles);
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 0]);
  });

  it("counts N + 1 apply clicks of one client as N; each sent to the job's address", async () => {
    const clicked = roles.slice(0, CLICKS + 1);
    const before = await Promise.all(clicked.map(counted));
    for (const id of clicked) {
      const res = await apply(id);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(/^https:\/\/apply\.example\.org\//);
    }
    const after = await Promise.all(clicked.map(counted));
    expect(after.map((n, i) => n.applyClicks - before[i]!.applyClicks)).toEqual([1, 1, 0]);
    // Views and apply clicks are limited apart.
    expect((await view(clicked[2]!)).statusCode).toBe(204);
    expect((await counted(clicked[2]!)).views).toBe(after[2]!.views + 1);
  });

  it("counts the client again once its window is over (the request's clock)", async () => {
    try {
      const before = await viewsOf(roles);
      for (const id of roles) await view(id);
      expect((await viewsOf(roles)).map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 0]);
      t.clock.now = new Date(START.getTime() + 60 * 60_000);
      await view(roles[3]!);
      expect((await viewsOf(roles)).map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 1]);
    } finally {
      t.clock.now = START;
    }
  });
});
