import { rmSync } from 'node:fs';
import type { Job, SearchResponse } from '@jobboard/contract/jobs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { createJobs } from '../support/jobs';
import { fakeReleases } from '../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 30, 'the board respects deadlines': a job whose application deadline (a date, a day in
 * UTC) has passed leaves the board, the feeds and the sitemap, and its page says it is closed; a
 * 'Rolling'-style deadline never closes a job. The clock is the app's own (no waiting).
 */

const NOW = new Date('2026-11-22T12:00:00Z');

let t: TestApp;
let releases: string;
let ids: Record<string, string>;

beforeAll(async () => {
  releases = fakeReleases();
  t = await buildTestApp({ now: NOW, env: { RELEASES_DIR: releases } });
  ids = await createJobs(t.app, [
    { title: 'Passed Deadline Editor', deadline: '2026-11-21', postedDate: '2026-11-20' },
    { title: 'Rolling Deadline Editor', deadline: 'Rolling', postedDate: '2026-11-20' },
    { title: 'Open Until Filled Editor', deadline: 'Open until filled', postedDate: '2026-11-20' },
    { title: 'Today Deadline Editor', deadline: 'Deadline: 11/22/2026', postedDate: '2026-11-20' },
    { title: 'Later Deadline Editor', deadline: '2026-12-15', postedDate: '2026-11-20' },
  ]);
});
afterEach(() => {
  t.clock.now = NOW;
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

const searchTitles = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs/search',
    payload: { query: 'editor', pageSize: 50 },
  });
  return (res.json() as SearchResponse).jobs.map((j) => j.title).sort();
};
const listTitles = async (url: string) =>
  ((await t.app.inject(url)).json() as Job[]).map((j) => j.title).sort();
const feedTitles = async () =>
  ((await t.app.inject('/feed.json')).json() as { items: { title: string }[] }).items
    .map((i) => i.title.replace(/ at Example Org$/, ''))
    .sort();
const sitemap = async () => (await t.app.inject('/sitemap.xml')).body;
const jobUrl = (title: string) => `/jobs/${ids[title]}</loc>`;

describe(`application deadlines, on ${testDatabase}`, () => {
  it('leaves a job past its deadline out of the search, the lists, the feeds and the sitemap', async () => {
    const open = [
      'Later Deadline Editor',
      'Open Until Filled Editor',
      'Rolling Deadline Editor',
      'Today Deadline Editor',
    ];
    expect(await searchTitles()).toEqual(open);
    expect(await listTitles('/api/jobs/recent')).toEqual(open);
    expect(await listTitles('/api/jobs?pageSize=100')).toEqual(open);
    expect(await feedTitles()).toEqual(open);
    const map = await sitemap();
    expect(map).not.toContain(jobUrl('Passed Deadline Editor'));
    for (const title of open) expect(map).toContain(jobUrl(title));
  });

  it("keeps the closed job's page, which says it is closed and has no JobPosting", async () => {
    const api = (await t.app.inject(`/api/jobs/${ids['Passed Deadline Editor']}`)).json() as Job;
    expect(api.expired).toBe(true);
    expect(api.deadline).toBe('2026-11-21');

    const res = await t.app.inject(`/jobs/${ids['Passed Deadline Editor']}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Closed: Passed Deadline Editor');
    expect(res.body).not.toContain('"JobPosting"');

    const rolling = await t.app.inject(`/jobs/${ids['Rolling Deadline Editor']}`);
    expect(rolling.body).not.toContain('<title>Closed:');
    expect(rolling.body).toContain('"JobPosting"');
  });

  it('keeps a job open through the whole deadline day (UTC), and closes it as the day ends, with no write', async () => {
    t.clock.now = new Date('2026-11-22T23:59:59.999Z');
    expect(await searchTitles()).toContain('Today Deadline Editor');
    expect(await feedTitles()).toContain('Today Deadline Editor');
    expect(
      ((await t.app.inject(`/api/jobs/${ids['Today Deadline Editor']}`)).json() as Job).expired,
    ).toBe(false);

    t.clock.now = new Date('2026-11-23T00:00:00Z');
    expect(await searchTitles()).not.toContain('Today Deadline Editor');
    expect(await listTitles('/api/jobs/recent')).not.toContain('Today Deadline Editor');
    expect(await feedTitles()).not.toContain('Today Deadline Editor');
    expect(await sitemap()).not.toContain(jobUrl('Today Deadline Editor'));
    expect(
      ((await t.app.inject(`/api/jobs/${ids['Today Deadline Editor']}`)).json() as Job).expired,
    ).toBe(true);
    // 'Rolling' and 'Open until filled' never close, however late it gets.
    t.clock.now = new Date('2030-01-01T00:00:00Z');
    expect(await searchTitles()).toEqual(['Open Until Filled Editor', 'Rolling Deadline Editor']);
  });

  it("follows the admin form's deadline, on create and on every change", async () => {
    const admin = await signedIn(t);
    const form = {
      title: 'Admin Form Editor',
      organization: 'Harbor Health Alliance',
      applicationUrl: 'https://harborhealth.example/jobs/editor',
      description: 'Edit the newsletter and the annual report for a regional health alliance.',
      category: ['Communications'],
      locations: ['Portland, ME'],
      jobType: 'Full-time',
      via: 'Organization website',
      postedDate: '2026-11-20',
      deadline: '11/01/2026',
      active: true,
      featured: false,
    };
    const created = await admin({ method: 'POST', url: '/api/admin/jobs', payload: form });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect(await searchTitles()).not.toContain('Admin Form Editor');
    const save = (deadline: string) =>
      admin({ method: 'PUT', url: `/api/admin/jobs/${id}`, payload: { ...form, deadline } });
    expect((await save('ASAP')).statusCode).toBe(200);
    expect(await searchTitles()).toContain('Admin Form Editor');
    expect((await save('2026-11-21')).statusCode).toBe(200);
    expect(await searchTitles()).not.toContain('Admin Form Editor');
    expect((await save('')).statusCode).toBe(200);
    expect(await searchTitles()).toContain('Admin Form Editor');
    expect((await admin({ method: 'DELETE', url: `/api/admin/jobs/${id}` })).statusCode).toBe(200);
  });
});

describe(`the 'posted within' and 'closing soon' filters, on ${testDatabase}`, () => {
  let f: TestApp;
  // Today is 2026-11-22 (UTC).
  beforeAll(async () => {
    f = await buildTestApp({ now: NOW });
    await createJobs(f.app, [
      { title: 'Posted Today', postedDate: '2026-11-22', deadline: '2026-11-22' },
      { title: 'Posted Yesterday', postedDate: '2026-11-21', deadline: '2026-11-29' },
      { title: 'Posted Two Days Ago', postedDate: '2026-11-20', deadline: '2026-11-30' },
      { title: 'Posted Seven Days Ago', postedDate: '2026-11-15', deadline: 'Rolling' },
      { title: 'Posted Eight Days Ago', postedDate: '2026-11-14', deadline: '2027-01-10' },
      { title: 'Posted Thirty Days Ago', postedDate: '2026-10-23' },
      { title: 'Posted Thirty One Days Ago', postedDate: '2026-10-22', deadline: '11/25/2026' },
      { title: 'Closed Yesterday', postedDate: '2026-11-22', deadline: '2026-11-21' },
    ]);
  });
  afterAll(() => f.close());

  const found = async (filter: Record<string, unknown>) => {
    const res = await f.app.inject({
      method: 'POST',
      url: '/api/jobs/search',
      payload: { ...filter, pageSize: 50 },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as SearchResponse).jobs.map((j) => j.title).sort();
  };

  it('posted within 24 hours, 7 days or 30 days: by posted date, today counted in', async () => {
    expect(await found({ postedWithin: '24h' })).toEqual(['Posted Today', 'Posted Yesterday']);
    expect(await found({ postedWithin: '7d' })).toEqual([
      'Posted Seven Days Ago',
      'Posted Today',
      'Posted Two Days Ago',
      'Posted Yesterday',
    ]);
    expect(await found({ postedWithin: '30d' })).toEqual([
      'Posted Eight Days Ago',
      'Posted Seven Days Ago',
      'Posted Thirty Days Ago',
      'Posted Today',
      'Posted Two Days Ago',
      'Posted Yesterday',
    ]);
    expect(await found({})).toHaveLength(7);
  });

  it('closing soon: a date deadline today or within the next 7 days, never a rolling one', async () => {
    expect(await found({ closing: 'soon' })).toEqual([
      'Posted Thirty One Days Ago',
      'Posted Today',
      'Posted Yesterday',
    ]);
    expect(await found({ closing: 'soon', postedWithin: '24h' })).toEqual([
      'Posted Today',
      'Posted Yesterday',
    ]);
    // A day later, the window has moved with no write: 11-30 comes in, today's deadline is gone.
    f.clock.now = new Date('2026-11-23T00:00:00Z');
    expect(await found({ closing: 'soon' })).toEqual([
      'Posted Thirty One Days Ago',
      'Posted Two Days Ago',
      'Posted Yesterday',
    ]);
    f.clock.now = NOW;
  });

  it('takes them from the URL of the board, its feeds and its first view', async () => {
    const feed = (await f.app.inject('/feed.json?closing=soon&posted=24h')).json() as {
      items: { title: string }[];
    };
    expect(feed.items.map((i) => i.title.replace(/ at Example Org$/, '')).sort()).toEqual([
      'Posted Today',
      'Posted Yesterday',
    ]);
    const bad = await f.app.inject({
      method: 'POST',
      url: '/api/jobs/search',
      payload: { postedWithin: '1y' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
