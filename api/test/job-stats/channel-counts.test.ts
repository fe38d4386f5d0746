import { DAY_MS, isoDate } from '@jobboard/contract/common';
import type { EmployerListings } from '@jobboard/contract/employer';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import {
  CHANNELS,
  JOB_STATS_DAYS,
  MAX_INT4,
  jobApplyPath,
  type Channel,
  type ChannelCounts,
  type JobStats,
} from '@jobboard/contract/jobs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_WIDTH } from '../../migrations/20261129140000_job_stat_visitor_channel';
import { VISITOR_LENGTH, visitorInserts } from '../../src/job-stats/repositories/visitor-inserts';
import { CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { EMPLOYER_EMAIL, jobTakingApplications } from '../support/applications';
import { parseCsv } from '../support/csv';
import { signedInEmployer } from '../support/employers';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Views and apply clicks by channel (issue 44, docs/product.md#numbers): what a counted request's
 * `via` and referrer count for, the first channel of a visitor's day, the roll-up, and every
 * answer that shows them (the admin's job stats and dashboard, the employer's listing, the CSV).
 */

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const START = new Date('2026-11-22T12:00:00Z');
/** The test app's PUBLIC_URL: a referrer from it is the board's own. */
const SITE = 'http://localhost:3000';

let t: TestApp;
let cookie: string;
let linked: number;
let onBoard: number;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  await createAdmin(t);
  cookie = sessionCookie(await login(t));
  linked = await jobTakingApplications(t, {
    apply_method: 'link',
    application_url: 'https://apply.example.org/organizer',
  });
  onBoard = await jobTakingApplications(t, { apply_method: 'form' }, { employer: false });
});
afterAll(() => t.close());

beforeEach(async () => {
  t.clock.now = START;
  await t.app.jobStats.flush();
  for (const table of [
    'job_stat_visitors',
    'job_daily_stats',
    'job_daily_channel_stats',
    'board_daily_channel_stats',
  ]) {
    await t.db(table).delete();
  }
});

interface Visit {
  query?: string;
  referer?: string;
  agent?: string;
  /** Another visitor each time unless given. */
  address?: string;
}

const headersOf = ({ referer, agent = FIREFOX }: Visit) => ({
  'user-agent': agent,
  ...(referer === undefined ? {} : { referer }),
});
const addressOf = (visit: Visit) => visit.address ?? `198.51.100.${(n += 1) % 250}`;

const view = (id: number, visit: Visit = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/jobs/${id}/view${visit.query ?? ''}`,
    remoteAddress: addressOf(visit),
    headers: headersOf(visit),
  });

const apply = (id: number, visit: Visit = {}) =>
  t.app.inject({
    url: `${jobApplyPath(id)}${visit.query ?? ''}`,
    remoteAddress: addressOf(visit),
    headers: headersOf(visit),
  });

async function admin(options: InjectOptions) {
  const ask = () => t.app.inject({ ...options, headers: { ...CSRF, cookie } });
  let res = await ask();
  if (res.statusCode === 401) {
    cookie = sessionCookie(await login(t));
    res = await ask();
  }
  return res;
}

async function stats(id: number): Promise<JobStats> {
  await t.app.jobStats.flush();
  const res = await admin({ url: `/api/admin/jobs/${id}/stats` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JobStats>();
}

/** The next day, yesterday's visitors rolled up. */
async function nextDayRolledUp() {
  t.clock.now = new Date(START.getTime() + DAY_MS);
  return t.app.jobStats.rollUp(t.clock.now);
}

/** A table's rows, every column, in an order. */
const rowsOf = (table: string, order: string[]) => t.db(table).orderBy(order).select('*');

/** Channel to [views, apply clicks], of a list of channel counts. */
const byChannel = (channels: ChannelCounts[] | undefined) =>
  Object.fromEntries((channels ?? []).map((c) => [c.channel, [c.views, c.applyClicks]]));

describe(`counting by channel on ${testDatabase}`, () => {
  it('counts a view from a newsletter link and its apply click under newsletter', async () => {
    // The board's page names the channel of the job's view on its beacon and on its Apply link.
    const visitor = { address: '203.0.113.7' };
    expect((await view(linked, { ...visitor, query: '?via=newsletter' })).statusCode).toBe(204);
    const res = await apply(linked, { ...visitor, query: '?via=newsletter' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('https://apply.example.org/organizer');
    const answer = await stats(linked);
    expect([answer.totalViews, answer.totalApplyClicks]).toEqual([1, 1]);
    expect(byChannel(answer.channels)).toEqual({ newsletter: [1, 1] });
    expect(answer.days.at(-1)!.channels).toEqual([
      { channel: 'newsletter', views: 1, applyClicks: 1 },
    ]);
  });

  it('counts each channel a counted request names, board and direct included', async () => {
    for (const channel of CHANNELS) {
      await view(linked, { query: `?via=${channel}` });
      await apply(linked, { query: `?via=${channel}` });
    }
    const answer = await stats(linked);
    expect(answer.channels!.map((c) => c.channel)).toEqual([...CHANNELS]);
    expect(answer.channels!.every((c) => c.views === 1 && c.applyClicks === 1)).toBe(true);
    expect([answer.totalViews, answer.totalApplyClicks]).toEqual([
      CHANNELS.length,
      CHANNELS.length,
    ]);
  });

  it('counts a request that names no channel by its referrer: the board, or direct', async () => {
    // An older page's beacon, or an Apply link made by hand: the referrer decides.
    await view(linked, { referer: `${SITE}/` });
    await view(linked, { referer: `${SITE}/jobs/${linked}?q=organizer` });
    await apply(linked, { referer: `${SITE}/?q=organizer` });
    await view(linked, { referer: 'https://news.example.org/issue/12' });
    // Not the board: a host that only begins like it, and another port.
    await view(linked, { referer: 'http://localhost:3000.evil.example/' });
    await view(linked, { referer: 'http://localhost:30001/' });
    await view(linked);
    await apply(linked);
    const answer = await stats(linked);
    expect(byChannel(answer.channels)).toEqual({ board: [2, 1], direct: [4, 1] });
  });

  it('ignores a via it does not know: counted as if there were none', async () => {
    for (const query of ['?via=Newsletter', '?via=', '?via=tiktok', '?via=feed&via=list']) {
      // Never refused: a beacon learns nothing, Apply always goes on.
      expect((await view(linked, { query, referer: `${SITE}/` })).statusCode, query).toBe(204);
      expect((await view(linked, { query })).statusCode, query).toBe(204);
      expect((await apply(linked, { query })).statusCode, query).toBe(303);
    }
    // What else the query holds changes nothing.
    expect((await view(linked, { query: '?utm_source=x&via=feed' })).statusCode).toBe(204);
    const answer = await stats(linked);
    expect(byChannel(answer.channels)).toEqual({ board: [4, 0], feed: [1, 0], direct: [4, 4] });
  });

  it('counts a visitor once a day per job, for the channel they first came by', async () => {
    const visitor = { address: '203.0.113.9', agent: SAFARI };
    await view(linked, { ...visitor, query: '?via=bluesky' });
    // The same visitor again, from the board and from the newsletter: nothing more.
    await view(linked, { ...visitor, query: '?via=board' });
    await t.app.jobStats.flush();
    await view(linked, { ...visitor, query: '?via=newsletter' });
    // Apply is counted on its own: its first channel is its own.
    await apply(linked, { ...visitor, query: '?via=mastodon' });
    await apply(linked, { ...visitor, query: '?via=bluesky' });
    const answer = await stats(linked);
    expect([answer.totalViews, answer.totalApplyClicks]).toEqual([1, 1]);
    expect(byChannel(answer.channels)).toEqual({ bluesky: [1, 0], mastodon: [0, 1] });

    // The same visitor the next day is a visitor again, for that day's first channel.
    t.clock.now = new Date(START.getTime() + DAY_MS);
    await view(linked, { ...visitor, query: '?via=webhook' });
    const next = await stats(linked);
    expect(next.days.at(-1)!.channels).toEqual([{ channel: 'webhook', views: 1, applyClicks: 0 }]);
    expect(next.totalViews).toBe(2);
  });

  it('writes a batch in the key’s order whatever the channels, each visitor with its own', () => {
    const hex = (n: number) => n.toString(16).padStart(VISITOR_LENGTH, '0');
    const visitors = new Map<string, Channel>([
      [hex(3), 'newsletter'],
      [hex(1), 'board'],
      [hex(2), 'direct'],
      [hex(4), 'board'],
    ]);
    const [pieces] = [...visitorInserts([{ day: '2026-11-22', jobId: 7, kind: 'view', visitors }])];
    expect(pieces).toHaveLength(1);
    const rows = JSON.parse(pieces![0]![3]) as string[];
    expect(rows.map((row) => [row.slice(0, VISITOR_LENGTH), row.slice(VISITOR_LENGTH)])).toEqual([
      [hex(1), 'board'],
      [hex(2), 'direct'],
      [hex(3), 'newsletter'],
      [hex(4), 'board'],
    ]);
  });

  it('keeps the first channel within one batch too, whatever the order the batch is written in', async () => {
    const visitor = { address: '203.0.113.10' };
    // The buffer keeps the first: the batch writes the visitor once, for 'direct'.
    await view(linked, { ...visitor, query: '?via=direct' });
    await view(linked, { ...visitor, query: '?via=list' });
    expect(t.app.jobStats.buffered).toBe(1);
    expect(byChannel((await stats(linked)).channels)).toEqual({ direct: [1, 0] });
  });

  it('rolls past days up with their channels, the board’s days too', async () => {
    await view(linked, { query: '?via=newsletter' });
    await view(linked, { query: '?via=newsletter' });
    await view(linked, { query: '?via=feed' });
    await apply(linked, { query: '?via=newsletter' });
    await view(onBoard, { query: '?via=list' });
    // A visitor counted by a server of the release before channels: no channel.
    await t.db('job_stat_visitors').insert({
      day: isoDate(START),
      job_id: linked,
      kind: 'view',
      visitor: 'e'.repeat(64),
    });
    expect(await nextDayRolledUp()).toMatchObject({ days: 1, visitors: 6 });
    await view(linked, { query: '?via=feed' });

    expect(await rowsOf('job_daily_stats', ['job_id'])).toEqual([
      { job_id: linked, day: isoDate(START), views: 4, apply_clicks: 1 },
      { job_id: onBoard, day: isoDate(START), views: 1, apply_clicks: 0 },
    ]);
    expect(await rowsOf('job_daily_channel_stats', ['job_id', 'channel'])).toEqual(
      [
        { job_id: linked, day: isoDate(START), channel: 'feed', views: 1, apply_clicks: 0 },
        { job_id: linked, day: isoDate(START), channel: 'newsletter', views: 2, apply_clicks: 1 },
        { job_id: onBoard, day: isoDate(START), channel: 'list', views: 1, apply_clicks: 0 },
      ].sort((a, b) => a.job_id - b.job_id || a.channel.localeCompare(b.channel)),
    );
    expect(await rowsOf('board_daily_channel_stats', ['channel'])).toEqual([
      { day: isoDate(START), channel: 'feed', views: 1, apply_clicks: 0 },
      { day: isoDate(START), channel: 'list', views: 1, apply_clicks: 0 },
      { day: isoDate(START), channel: 'newsletter', views: 2, apply_clicks: 1 },
    ]);

    // The answer reads the rolled-up day as it read it live; the visitor without a channel is
    // in the day's figures only.
    const answer = await stats(linked);
    expect(answer.days.at(-2)).toEqual({
      day: isoDate(START),
      views: 4,
      applyClicks: 1,
      channels: [
        { channel: 'newsletter', views: 2, applyClicks: 1 },
        { channel: 'feed', views: 1, applyClicks: 0 },
      ],
    });
    expect(answer.days.at(-1)!.channels).toEqual([{ channel: 'feed', views: 1, applyClicks: 0 }]);
    expect(byChannel(answer.channels)).toEqual({ newsletter: [2, 1], feed: [2, 0] });
    expect([answer.totalViews, answer.totalApplyClicks]).toEqual([5, 1]);

    // A late visitor of the rolled-up day is added by the next roll-up, with its channel.
    await t.db('job_stat_visitors').insert({
      day: isoDate(START),
      job_id: linked,
      kind: 'apply',
      channel: 'feed',
      visitor: 'f'.repeat(64),
    });
    await t.app.jobStats.rollUp(t.clock.now);
    expect(
      await t
        .db('job_daily_channel_stats')
        .where({ job_id: linked, channel: 'feed' })
        .select('views', 'apply_clicks'),
    ).toEqual([{ views: 1, apply_clicks: 1 }]);
    expect(
      await t.db('board_daily_channel_stats').where({ channel: 'feed' }).select('apply_clicks'),
    ).toEqual([{ apply_clicks: 1 }]);
  });

  it('counts each visitor once when two processes roll the same day up at once', async () => {
    const second = await buildTestApp({ sameDatabaseAs: t, now: START });
    try {
      const channels = ['board', 'newsletter', 'feed', null] as const;
      const rows = Array.from({ length: 600 }, (_, i) => ({
        day: isoDate(START),
        job_id: i % 3 === 0 ? onBoard : linked,
        kind: i % 4 === 0 ? 'apply' : 'view',
        channel: channels[i % channels.length],
        visitor: i.toString(16).padStart(64, '0'),
      }));
      for (const part of [rows.slice(0, 300), rows.slice(300)]) {
        await t.db('job_stat_visitors').insert(part);
      }
      t.clock.now = second.clock.now = new Date(START.getTime() + DAY_MS);
      const reports = await Promise.all([
        t.app.jobStats.rollUp(t.clock.now),
        second.app.jobStats.rollUp(second.clock.now),
      ]);
      expect(reports[0]!.visitors + reports[1]!.visitors).toBe(600);
      const [totals] = await t
        .db('job_daily_stats')
        .select(t.db.raw('sum(views) as views'), t.db.raw('sum(apply_clicks) as apply'));
      expect([Number(totals.views), Number(totals.apply)]).toEqual([450, 150]);
      // Each channel's rows once; the visitors without one in the totals only.
      const byChannel: { channel: string; n: number | string }[] = await t
        .db('board_daily_channel_stats')
        .groupBy('channel')
        .orderBy('channel')
        .select('channel', t.db.raw('sum(views + apply_clicks) as n'));
      expect(byChannel.map((r) => [r.channel, Number(r.n)])).toEqual([
        ['board', 150],
        ['feed', 150],
        ['newsletter', 150],
      ]);
      const [jobs] = await t
        .db('job_daily_channel_stats')
        .select(t.db.raw('sum(views + apply_clicks) as n'));
      expect(Number(jobs.n)).toBe(450);
    } finally {
      await second.close();
    }
  });

  it('gives the dashboard the whole board’s days by channel, rolled up and live', async () => {
    await view(linked, { query: '?via=newsletter' });
    await view(onBoard, { query: '?via=newsletter' });
    await apply(linked, { query: '?via=board' });
    await nextDayRolledUp();
    await view(onBoard, { query: '?via=mastodon' });
    await t.app.jobStats.flush();
    const res = await admin({ url: ENDPOINTS.adminStats.path });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json().boardStats as JobStats;
    expect(board.days).toHaveLength(JOB_STATS_DAYS);
    expect(board.days.at(-2)).toEqual({
      day: isoDate(START),
      views: 2,
      applyClicks: 1,
      channels: [
        { channel: 'board', views: 0, applyClicks: 1 },
        { channel: 'newsletter', views: 2, applyClicks: 0 },
      ],
    });
    expect(board.days.at(-1)!.channels).toEqual([
      { channel: 'mastodon', views: 1, applyClicks: 0 },
    ]);
    expect([board.totalViews, board.totalApplyClicks]).toEqual([3, 1]);
    expect(byChannel(board.channels)).toEqual({
      board: [0, 1],
      newsletter: [2, 0],
      mastodon: [1, 0],
    });
  });

  it('gives the employer’s listing its days by channel', async () => {
    await view(linked, { query: '?via=newsletter' });
    await apply(linked, { query: '?via=newsletter' });
    await view(linked, { query: '?via=direct' });
    await t.app.jobStats.flush();
    const employer = await signedInEmployer(t, EMPLOYER_EMAIL);
    const listings: EmployerListings['listings'] = [];
    for (let page = 1; ; page += 1) {
      const res = await employer({ method: 'GET', url: `/api/employer/listings?page=${page}` });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<EmployerListings>();
      listings.push(...answer.listings);
      if (page * answer.pageSize >= answer.total) break;
    }
    const listing = listings.find((l) => l.jobId === String(linked))!;
    expect(byChannel(listing.stats!.channels)).toEqual({ newsletter: [1, 1], direct: [1, 0] });
    expect(listing.stats!.days.at(-1)!.channels).toEqual([
      { channel: 'newsletter', views: 1, applyClicks: 1 },
      { channel: 'direct', views: 1, applyClicks: 0 },
    ]);
  });

  it('puts each channel’s views and apply clicks in the jobs CSV', async () => {
    await view(linked, { query: '?via=newsletter' });
    await view(linked, { query: '?via=board' });
    await apply(linked, { query: '?via=newsletter' });
    await nextDayRolledUp();
    await view(linked, { query: '?via=list' });
    await t.app.jobStats.flush();
    const res = await admin({ url: ENDPOINTS.exportJobs.path });
    const [header, ...rows] = parseCsv(res.body);
    for (const channel of CHANNELS) {
      expect(header).toContain(`views_${channel}`);
      expect(header).toContain(`apply_clicks_${channel}`);
    }
    const row = rows.find((r) => r[0] === String(linked))!;
    const at = (name: string) => row[header!.indexOf(name)];
    expect([at('views'), at('apply_clicks')]).toEqual(['3', '1']);
    expect(
      CHANNELS.map((channel) => [channel, at(`views_${channel}`), at(`apply_clicks_${channel}`)]),
    ).toEqual(
      CHANNELS.map((channel) => {
        const counts = { board: ['1', '0'], newsletter: ['1', '1'], list: ['1', '0'] } as Record<
          string,
          string[]
        >;
        return [channel, ...(counts[channel] ?? ['0', '0'])];
      }),
    );
  });

  it('sends an Apply link of a job that takes applications on the board to its page, keeping its channel', async () => {
    for (const [query, location] of [
      ['?via=newsletter', `/jobs/${onBoard}?via=newsletter`],
      ['?via=board', `/jobs/${onBoard}`],
      ['?via=nonsense', `/jobs/${onBoard}`],
      ['', `/jobs/${onBoard}`],
    ] as const) {
      const res = await apply(onBoard, { query });
      expect(res.statusCode, query).toBe(303);
      expect(res.headers.location, query).toBe(location);
    }
    expect((await stats(onBoard)).totalApplyClicks).toBe(0);
  });

  it('keeps the widest values of the channels’ columns (PostgreSQL int4 and varchar widths)', async () => {
    expect(CHANNELS.every((channel) => channel.length <= CHANNEL_WIDTH)).toBe(true);
    const widest = 'w'.repeat(CHANNEL_WIDTH);
    await t.db('job_stat_visitors').insert({
      day: '2026-11-22',
      job_id: MAX_INT4,
      kind: 'apply',
      channel: widest,
      visitor: 'a'.repeat(64),
    });
    await t.db('job_daily_channel_stats').insert({
      job_id: MAX_INT4,
      day: '2026-11-21',
      channel: widest,
      views: MAX_INT4,
      apply_clicks: MAX_INT4,
    });
    await t.db('board_daily_channel_stats').insert({
      day: '2026-11-21',
      channel: widest,
      views: MAX_INT4,
      apply_clicks: MAX_INT4,
    });
    for (const channel of CHANNELS) {
      await t.db('job_daily_channel_stats').insert({
        job_id: MAX_INT4,
        day: '2026-11-21',
        channel,
        views: MAX_INT4,
        apply_clicks: MAX_INT4,
      });
    }
    // A channel the release does not know (a later one's, before a rollback) is in no answer's
    // channels; every known one adds up past int4 in the process.
    const totals = (await t.app.jobStats.totals([MAX_INT4])).get(MAX_INT4)!;
    expect(totals.channels).toHaveLength(CHANNELS.length);
    expect(totals.channels.every((c) => c.views === MAX_INT4 && c.applyClicks === MAX_INT4)).toBe(
      true,
    );
    const board = await t.app.jobStats.boardDaily(2, START);
    expect(board.map((d) => [d.day, d.views, d.applyClicks, d.channels])).toEqual([
      ['2026-11-21', MAX_INT4, MAX_INT4, []],
      ['2026-11-22', 0, 1, []],
    ]);
  });
});
