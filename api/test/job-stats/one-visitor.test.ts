import { jobApplyPath } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 45, counts that mean something: one visitor counts once per listing and day whatever its
 * User-Agent. The visitor is the client key alone (an IPv4 address, an IPv6 /64), hashed with the
 * day's salt; before, the agent was part of the hash and each new agent was a new visitor. The
 * per-client limits (count-limit.test.ts) are raised far past the views sent here, so that only
 * the visitor rule is at work, and the counts are read from the database after batches were
 * written along the way (the buffer's dedupe and the insert's both).
 */

const START = new Date('2026-11-22T12:00:00Z');
const VIEWS = 1_000;
/** A browser's agent, a different one for each `n`. */
const agent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64; rv:${100 + (n % 40)}.0) Gecko/20100101 Firefox/${n}.0`;

let t: TestApp;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({
    now: START,
    env: { VIEW_RATE_LIMIT_MAX: '100000', APPLY_CLICK_RATE_LIMIT_MAX: '100000' },
  });
  ids = await createJobs(t.app, [
    { title: 'Viewed Role', applicationUrl: 'https://apply.example.org/viewed' },
    { title: 'Clicked Role', applicationUrl: 'https://apply.example.org/clicked' },
  ]);
});
afterAll(() => t.close());

/** What the database holds for a job, all time. */
async function counted(id: string) {
  await t.app.jobStats.flush();
  return (
    (await t.app.jobStats.totals([Number(id)])).get(Number(id)) ?? { views: 0, applyClicks: 0 }
  );
}

describe(`one visitor per listing and day, whatever its agent, on ${testDatabase}`, () => {
  it('counts 1,000 views of a listing with 1,000 different agents from one client as 1', async () => {
    const id = ids['Viewed Role']!;
    for (let n = 0; n < VIEWS; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/jobs/${id}/view`,
        remoteAddress: '203.0.113.45',
        headers: { 'user-agent': agent(n) },
      });
      expect(res.statusCode).toBe(204);
      // Written every hundred: the later views meet the visitor in the table, not the buffer.
      if (n % 100 === 99) await t.app.jobStats.flush();
    }
    expect((await counted(id)).views).toBe(1);
    expect((await t.app.jobStats.kept()).visitors).toBe(1);
    // Another client is another visitor.
    await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/view`,
      remoteAddress: '198.51.100.45',
      headers: { 'user-agent': agent(0) },
    });
    expect((await counted(id)).views).toBe(2);
  });

  it('counts the apply clicks of one client with many agents as 1, each sent on to the job', async () => {
    const id = ids['Clicked Role']!;
    for (let n = 0; n < 200; n += 1) {
      const res = await t.app.inject({
        url: jobApplyPath(id),
        remoteAddress: '2001:db8:45:1::1',
        headers: { 'user-agent': agent(n) },
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('https://apply.example.org/clicked');
    }
    // Another address in the same /64: the same client.
    await t.app.inject({
      url: jobApplyPath(id),
      remoteAddress: '2001:db8:45:1:ffff::9',
      headers: { 'user-agent': agent(7) },
    });
    expect((await counted(id)).applyClicks).toBe(1);
  });
});
