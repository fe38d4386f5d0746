import { DAY_MS, isoDate } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { JOB_STATS_DAYS, MAX_INT4, jobApplyPath } from '@jobboard/contract/jobs';
import { isbot } from 'isbot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { countable, knownBot } from '../../src/job-stats/count-request';
import { JobStats } from '../../src/job-stats/job-stats';
import { JobStatsRepository } from '../../src/job-stats/job-stats-repository';
import { JOB_STATS_FLUSH_MS } from '../../src/job-stats/plugin';
import { CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { parseCsv } from '../support/csv';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

const START = new Date('2026-11-22T12:00:00Z');
/** The `n`th of many clients (an IPv4 address each): each one a visitor of its own. */
const clientOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

let t: TestApp;
let cookie: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  await createAdmin(t);
  cookie = sessionCookie(await login(t));
  ids = await createJobs(t.app, [
    { title: 'Live Role', applicationUrl: 'https://apply.example.org/live?ref=board' },
    { title: 'No Address Role', applicationUrl: '' },
    { title: 'Mail Role', applicationUrl: 'mailto:jobs@example.org' },
    { title: 'Closed Role', active: false, applicationUrl: 'https://apply.example.org/closed' },
    { title: 'Ended Role', expiresAt: new Date('2026-11-01T00:00:00Z') },
    { title: 'Other Role', applicationUrl: 'https://apply.example.org/other' },
  ]);
});
afterAll(() => t.close());

beforeEach(async () => {
  t.clock.now = START;
  await t.app.jobStats.flush();
  await t.db('job_stat_visitors').delete();
  await t.db('job_daily_stats').delete();
  // The salts stay: the app keeps today's in memory, as a running process does.
});

function view(id: string, agent: string | undefined = FIREFOX, address = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: `/api/jobs/${id}/view`,
    remoteAddress: address,
    headers: agent === undefined ? {} : { 'user-agent': agent },
  });
}

function apply(id: string, query = '', agent = FIREFOX, address = '203.0.113.7') {
  return t.app.inject({
    url: `${jobApplyPath(id)}${query}`,
    remoteAddress: address,
    headers: { 'user-agent': agent },
  });
}

/** An admin's GET; signed in again when the test moved the clock past the session's timeout. */
async function adminGet(url: string) {
  const ask = () => t.app.inject({ url, headers: { ...CSRF, cookie } });
  let res = await ask();
  if (res.statusCode === 401) {
    cookie = sessionCookie(await login(t));
    res = await ask();
  }
  return res;
}

async function stats(id: string) {
  await t.app.jobStats.flush();
  const res = await adminGet(`/api/admin/jobs/${id}/stats`);
  expect(res.statusCode).toBe(200);
  return res.json<{
    days: { day: string; views: number; applyClicks: number }[];
    totalViews: number;
    totalApplyClicks: number;
  }>();
}

describe(`views and apply clicks on ${testDatabase}`, () => {
  it('counts one view per visitor and day: the same client is one whatever its agent, another client two', async () => {
    const id = ids['Live Role']!;
    expect((await view(id)).statusCode).toBe(204);
    expect((await view(id)).statusCode).toBe(204);
    expect((await stats(id)).totalViews).toBe(1);
    // Issue 45: the visitor is the client key alone; another browser on it is the same visitor.
    await view(id, SAFARI);
    expect((await stats(id)).totalViews).toBe(1);
    await view(id, FIREFOX, '198.51.100.20');
    expect((await stats(id)).totalViews).toBe(2);
    // Two addresses in the same IPv6 /64, with different agents: the same client key.
    await view(id, FIREFOX, '2001:db8:1:2::1');
    await view(id, SAFARI, '2001:db8:1:2:ffff::9');
    expect((await stats(id)).totalViews).toBe(3);
    // What is kept is a hash, not the address or the agent.
    const kept = await t.db('job_stat_visitors').select('visitor');
    expect(kept.every((row: { visitor: string }) => /^[0-9a-f]{64}$/.test(row.visitor))).toBe(true);
  });

  it('counts the same visitor again the next day, with a new salt', async () => {
    const id = ids['Live Role']!;
    await view(id);
    const [first] = await t
      .db('job_stat_salts')
      .where({ day: isoDate(START) })
      .select('salt');
    t.clock.now = new Date(START.getTime() + DAY_MS);
    await view(id);
    const answer = await stats(id);
    expect(answer.totalViews).toBe(2);
    expect(answer.days.slice(-2).map((d) => d.views)).toEqual([1, 1]);
    const [next] = await t
      .db('job_stat_salts')
      .where({ day: isoDate(t.clock.now) })
      .select('salt');
    expect(first!.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(next!.salt).not.toBe(first!.salt);
  });

  it('does not count known bots, a request with no agent, or a prefetch', async () => {
    const id = ids['Live Role']!;
    await view(id, GOOGLEBOT);
    await view(id, SLACKBOT);
    await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${id}/view`,
      headers: { 'user-agent': FIREFOX, 'sec-purpose': 'prefetch' },
    });
    expect((await apply(id, '', GOOGLEBOT)).statusCode).toBe(303);
    const answer = await stats(id);
    expect([answer.totalViews, answer.totalApplyClicks]).toEqual([0, 0]);
    // light-my-request always sends an agent: a request without one, as the route sees it.
    const bare = { headers: {} } as FastifyRequest;
    expect(countable(bare)).toBe(false);
    expect(countable({ headers: { 'user-agent': FIREFOX } } as FastifyRequest)).toBe(true);
  });

  it('keeps isbot’s answer per agent: the same answer asked again, past the agents it keeps too', () => {
    const agents = [FIREFOX, SAFARI, GOOGLEBOT, SLACKBOT, 'curl/8.5.0', 'x'.repeat(600)];
    for (let round = 0; round < 2; round += 1) {
      for (const agent of agents) expect(knownBot(agent), agent).toBe(isbot(agent));
      // More agents than it keeps: the first ones leave and are asked again.
      for (let i = 0; i < 1_500; i += 1) expect(knownBot(`${FIREFOX} n/${i}`)).toBe(false);
    }
  });

  it('counts only live jobs, and answers 204 either way (or 404 for an id that names nothing)', async () => {
    for (const title of ['Closed Role', 'Ended Role']) {
      expect((await view(ids[title]!)).statusCode).toBe(204);
    }
    expect((await view('999999')).statusCode).toBe(204);
    expect((await view('0')).statusCode).toBe(404);
    await t.app.jobStats.flush();
    expect(await t.db('job_stat_visitors').count({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect((await t.app.jobStats.kept()).visitors).toBe(0);
  });

  it('sends Apply to the job’s own address only, whatever the query says, and counts it once a day', async () => {
    const id = ids['Live Role']!;
    for (const query of [
      '',
      '?url=https://evil.example/',
      '?next=//evil.example&redirect=https%3A%2F%2Fevil.example',
    ]) {
      const res = await apply(id, query);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('https://apply.example.org/live?ref=board');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const answer = await stats(id);
    expect([answer.totalViews, answer.totalApplyClicks]).toEqual([0, 1]);
  });

  it('sends Apply of a closed, ended, unknown or address-less job to its page, uncounted', async () => {
    for (const title of ['Closed Role', 'Ended Role', 'No Address Role', 'Mail Role']) {
      const id = ids[title]!;
      const res = await apply(id, '?url=https://evil.example/');
      expect(res.statusCode, title).toBe(303);
      expect(res.headers.location, title).toBe(`/jobs/${id}`);
    }
    const unknown = await apply('999999');
    expect(unknown.headers.location).toBe('/jobs/999999');
    expect((await apply('abc')).statusCode).toBe(404);
    expect((await apply('2147483648')).statusCode).toBe(404);
    await t.app.jobStats.flush();
    expect((await t.app.jobStats.kept()).visitors).toBe(0);
  });

  it('rolls past days up, then deletes their hashes and salts; today stays live', async () => {
    const live = ids['Live Role']!;
    const other = ids['Other Role']!;
    await view(live);
    await view(live, SAFARI, '198.51.100.20');
    await apply(live);
    await view(other);
    t.clock.now = new Date(START.getTime() + DAY_MS);
    await view(live);
    const report = await t.app.jobStats.rollUp(t.clock.now);
    expect(report).toEqual({ days: 1, visitors: 4, salts: 1 });
    expect(await t.app.jobStats.kept()).toEqual({ visitors: 1, salts: 1 });
    expect(
      await t
        .db('job_daily_stats')
        .orderBy('job_id')
        .select('job_id', 'day', 'views', 'apply_clicks'),
    ).toEqual([
      { job_id: Number(live), day: isoDate(START), views: 2, apply_clicks: 1 },
      { job_id: Number(other), day: isoDate(START), views: 1, apply_clicks: 0 },
    ]);
    // A count of the past day flushed late (after its roll-up) is added by the next one.
    await t.app.jobStats.rollUp(t.clock.now);
    const answer = await stats(live);
    expect(answer.days).toHaveLength(JOB_STATS_DAYS);
    // Counted with no channel named and no referrer: 'direct' (channel-counts.test.ts).
    expect(answer.days.at(-1)).toEqual({
      day: isoDate(t.clock.now),
      views: 1,
      applyClicks: 0,
      channels: [{ channel: 'direct', views: 1, applyClicks: 0 }],
    });
    expect(answer.days.at(-2)).toEqual({
      day: isoDate(START),
      views: 2,
      applyClicks: 1,
      channels: [{ channel: 'direct', views: 2, applyClicks: 1 }],
    });
    expect(answer.days.slice(0, -2).every((d) => d.views === 0 && d.applyClicks === 0)).toBe(true);
    expect([answer.totalViews, answer.totalApplyClicks]).toEqual([3, 1]);
  });

  it('adds a late visitor of a rolled-up day to that day', async () => {
    const id = ids['Live Role']!;
    await view(id);
    t.clock.now = new Date(START.getTime() + DAY_MS);
    await t.app.jobStats.rollUp(t.clock.now);
    // A process that buffered yesterday's visitor writes it after the roll-up.
    await t.db('job_stat_visitors').insert({
      day: isoDate(START),
      job_id: Number(id),
      kind: 'view',
      visitor: 'f'.repeat(64),
    });
    await t.app.jobStats.rollUp(t.clock.now);
    expect(await t.db('job_daily_stats').select('views')).toEqual([{ views: 2 }]);
    expect((await t.app.jobStats.kept()).visitors).toBe(0);
    expect(
      await t.db('job_stat_salts').where('day', '<', isoDate(t.clock.now)).count({ n: '*' }),
    ).toEqual([{ n: 0 }]);
  });

  it('writes what is buffered when the app closes: nothing is lost', async () => {
    const second = await buildTestApp({ sameDatabaseAs: t, now: START });
    const id = ids['Other Role']!;
    for (const address of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) {
      await second.app.inject({
        method: 'POST',
        url: `/api/jobs/${id}/view`,
        remoteAddress: address,
        headers: { 'user-agent': FIREFOX },
      });
    }
    expect(second.app.jobStats.buffered).toBe(3);
    await second.app.close();
    await second.db.destroy();
    expect((await stats(id)).totalViews).toBe(3);
  });

  it('writes the counts once a second: the first count starts the clock, the batch goes at 1 s', async () => {
    expect(JOB_STATS_FLUSH_MS).toBe(1_000);
    const id = ids['Live Role']!;
    // Only the flush timer is faked: the database's own timers run as they do.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await view(id);
      vi.advanceTimersByTime(JOB_STATS_FLUSH_MS / 2);
      await view(id, SAFARI, '198.51.100.20');
      vi.advanceTimersByTime(JOB_STATS_FLUSH_MS / 2 - 1);
      expect(t.app.jobStats.buffered).toBe(2);
      vi.advanceTimersByTime(1);
      // The timer took the batch: the next count starts the buffer and the clock again.
      expect(t.app.jobStats.buffered).toBe(0);
      await view(id, FIREFOX, '198.51.100.21');
      expect(t.app.jobStats.buffered).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect((await stats(id)).totalViews).toBe(3);
  });

  it('counts at once once the day’s salt is known, and after reading it the first time', async () => {
    const id = Number(ids['Live Role']!);
    const stats = new JobStats(
      t.db,
      new JobStatsRepository(),
      { flushMs: 60 * 60_000, maxBuffered: 100 },
      t.app.log,
    );
    const first = stats.count('view', id, 'board', '203.0.113.7', START);
    expect(first).toBeInstanceOf(Promise);
    expect(stats.buffered).toBe(0);
    await first;
    expect(stats.buffered).toBe(1);
    expect(stats.count('view', id, 'board', '203.0.113.8', START)).toBeUndefined();
    expect(stats.buffered).toBe(2);
    // The same salt as the app's (the database's row for the day): the app's count of the same
    // visitor is the same row.
    await view(String(id));
    await stats.close();
    await t.app.jobStats.flush();
    expect((await t.app.jobStats.kept()).visitors).toBe(2);
  });

  it('writes a batch once the buffer is full, without waiting for the timer', async () => {
    const id = Number(ids['Live Role']!);
    const stats = new JobStats(
      t.db,
      new JobStatsRepository(),
      { flushMs: 60 * 60_000, maxBuffered: 5 },
      t.app.log,
    );
    for (let i = 0; i < 5; i += 1) {
      await stats.count('view', id, 'board', clientOf(i), START);
    }
    expect(stats.buffered).toBe(0);
    await stats.close();
    expect((await t.app.jobStats.kept()).visitors).toBe(5);
  });

  it('writes a batch of thousands in several statements: every job, day and kind, duplicates ignored', async () => {
    const live = Number(ids['Live Role']!);
    const other = Number(ids['Other Role']!);
    const stats = new JobStats(
      t.db,
      new JobStatsRepository(),
      { flushMs: 60 * 60_000, maxBuffered: Number.MAX_SAFE_INTEGER },
      t.app.log,
    );
    const yesterday = new Date(START.getTime() - DAY_MS);
    const counts = async () => {
      for (let i = 0; i < 2_500; i += 1) {
        const client = clientOf(i);
        await stats.count('view', live, 'board', client, START);
        if (i % 2 === 0) await stats.count('apply', live, 'board', client, START);
        if (i % 5 === 0) await stats.count('view', other, 'board', client, yesterday);
      }
    };
    await counts();
    expect(stats.buffered).toBe(2_500 + 1_250 + 500);
    await stats.flush();
    // The same visitors again, in the next batch: nothing more.
    await counts();
    await stats.close();
    const rows: { day: string; job_id: number; kind: string; n: number | string }[] = await t
      .db('job_stat_visitors')
      .groupBy('day', 'job_id', 'kind')
      .orderBy(['day', 'job_id', 'kind'])
      .select('day', 'job_id', 'kind', t.db.raw('count(*) as n'));
    expect(rows.map((r) => [r.day, Number(r.job_id), r.kind, Number(r.n)])).toEqual([
      [isoDate(yesterday), other, 'view', 500],
      [isoDate(START), live, 'apply', 1_250],
      [isoDate(START), live, 'view', 2_500],
    ]);
  });

  it('writes a batch of many jobs, a few visitors each, in inserts of many jobs', async () => {
    const stats = new JobStats(
      t.db,
      new JobStatsRepository(),
      { flushMs: 60 * 60_000, maxBuffered: Number.MAX_SAFE_INTEGER },
      t.app.log,
    );
    // Job ids the visitors table takes as they are (it has no foreign key: see the widest values).
    const jobs = Array.from({ length: 130 }, (_, i) => 1_000_000 + i);
    for (const [i, jobId] of jobs.entries()) {
      for (let v = 0; v <= i % 3; v += 1) {
        await stats.count(i % 2 ? 'apply' : 'view', jobId, 'board', `198.51.100.${v}`, START);
      }
    }
    await stats.close();
    const rows: { job_id: number | string; kind: string; n: number | string }[] = await t
      .db('job_stat_visitors')
      .groupBy('job_id', 'kind')
      .select('job_id', 'kind', t.db.raw('count(*) as n'));
    expect(
      rows
        .map((r) => [Number(r.job_id), r.kind, Number(r.n)])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(jobs.map((jobId, i) => [jobId, i % 2 ? 'apply' : 'view', (i % 3) + 1]));
  });

  it('writes on close what was counted while a batch was being written', async () => {
    const id = Number(ids['Live Role']!);
    const stats = new JobStats(
      t.db,
      new JobStatsRepository(),
      { flushMs: 60 * 60_000, maxBuffered: 3_000 },
      t.app.log,
    );
    for (let i = 0; i < 3_000; i += 1) {
      await stats.count('view', id, 'board', clientOf(i), START);
    }
    // The full buffer's batch is being written; these wait in the next one.
    expect(stats.buffered).toBe(0);
    for (let i = 3_000; i < 3_010; i += 1) {
      await stats.count('view', id, 'board', clientOf(i), START);
    }
    expect(stats.buffered).toBe(10);
    await stats.close();
    expect((await t.app.jobStats.kept()).visitors).toBe(3_010);
  });

  it('answers the stats of an unknown job with a 404', async () => {
    const res = await adminGet('/api/admin/jobs/999999/stats');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Job not found' });
    const anonymous = await t.app.inject({ url: `/api/admin/jobs/${ids['Live Role']}/stats` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('puts total views and apply clicks in the jobs CSV', async () => {
    const id = ids['Live Role']!;
    await view(id);
    await view(id, SAFARI, '198.51.100.20');
    await apply(id);
    t.clock.now = new Date(START.getTime() + DAY_MS);
    await t.app.jobStats.rollUp(t.clock.now);
    await view(id);
    await t.app.jobStats.flush();
    const res = await adminGet(ENDPOINTS.exportJobs.path);
    const [header, ...rows] = parseCsv(res.body);
    const at = (name: string) => header!.indexOf(name);
    const row = rows.find((r) => r[0] === id)!;
    expect([row[at('views')], row[at('apply_clicks')]]).toEqual(['3', '1']);
    const other = rows.find((r) => r[0] === ids['Other Role'])!;
    expect([other[at('views')], other[at('apply_clicks')]]).toEqual(['0', '0']);
  });

  it('keeps the widest values of its columns (PostgreSQL int4 and varchar widths)', async () => {
    await t.db('job_stat_visitors').insert({
      day: '2026-11-22',
      job_id: MAX_INT4,
      kind: 'apply',
      visitor: 'a'.repeat(64),
    });
    await t.db('job_daily_stats').insert({
      job_id: MAX_INT4,
      day: '2026-11-21',
      views: MAX_INT4,
      apply_clicks: MAX_INT4,
    });
    await t.db('job_stat_salts').insert({ day: '2099-12-31', salt: 'b'.repeat(64) });
    const answer = await t.app.jobStats.daily([MAX_INT4], 2, START);
    // Counted before channels were (no channel): in the totals only.
    expect(answer.get(MAX_INT4)).toEqual([
      { day: '2026-11-21', views: MAX_INT4, applyClicks: MAX_INT4, channels: [] },
      { day: '2026-11-22', views: 0, applyClicks: 1, channels: [] },
    ]);
    expect((await t.app.jobStats.totals([MAX_INT4])).get(MAX_INT4)).toEqual({
      views: MAX_INT4,
      applyClicks: MAX_INT4 + 1,
      channels: [],
    });
  });
});
