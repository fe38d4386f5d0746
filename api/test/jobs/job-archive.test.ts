import type { SearchResponse } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_BATCH } from '../../src/retention/retention';
import type { InjectOptions } from 'fastify';
import { createAdmin, CSRF, login, sessionCookie } from '../support/admin';
import { createJobs, jobInput } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The archive (issue 31, src/jobs/repositories/archive.ts): a job past its end is archived, by the
 * write that ends it or by the retention run's sweep, and leaves every public read (search, feeds,
 * sitemap, the label filters) while the admin still sees it; a renewal or an extend un-archives
 * it.
 */

const DAY = 86_400_000;
const NOW = new Date('2026-11-26T12:00:00Z');

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  await createAdmin(t);
  ids = await createJobs(t.app, [
    { title: 'Live Role', expiresAt: new Date(NOW.getTime() + 30 * DAY) },
    {
      title: 'Ending Role',
      expiresAt: new Date(NOW.getTime() + DAY),
      locations: ['Boise, ID'],
      categories: ['Archival Work'],
    },
    { title: 'Imported Old Role', expiresAt: new Date(NOW.getTime() - DAY) },
  ]);
});
afterAll(() => t.close());

/** A request as the admin, signed in on the clock as it is now (the tests move it by days). */
async function admin(options: InjectOptions) {
  const cookie = sessionCookie(await login(t));
  return t.app.inject({ ...options, headers: { ...CSRF, cookie } });
}

const archived = async (title: string) =>
  Boolean((await t.db('jobs').where('id', Number(ids[title])).first('archived'))!.archived);

async function publicTitles(): Promise<string[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResponse).jobs.map((job) => job.title);
}

async function publiclyListed(title: string) {
  const id = ids[title]!;
  const labels = await t.app.inject('/api/locations');
  return {
    search: (await publicTitles()).includes(title),
    byText: (
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/jobs/search',
          payload: { query: 'ending', location: 'Boise, ID' },
        })
      ).json() as SearchResponse
    ).jobs.some((job) => job.title === title),
    feed: (await t.app.inject('/feed.json')).body.includes(`/jobs/${id}"`),
    sitemap: (await t.app.inject('/sitemap.xml')).body.includes(`/jobs/${id}<`),
    locations: (labels.json() as string[]).includes('Boise, ID'),
  };
}

/** The ids the public search finds for these words. */
async function foundByText(query: string): Promise<number[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { query } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResponse).jobs.map((job) => Number(job.id));
}

/**
 * Whether a job is in the text index the public search reads: SQLite's FTS table holds the live
 * jobs only; PostgreSQL's match index is partial (`WHERE NOT archived`), so there a job is in it
 * exactly when it is not archived.
 */
async function inTextIndex(id: number): Promise<boolean> {
  if (testDatabase === 'sqlite') {
    return Number((await t.db('jobs_fts').where('rowid', id).count({ n: '*' }))[0]!.n) > 0;
  }
  const row = await t.db('jobs').where({ id }).first('archived');
  return !row!.archived;
}

describe(`the archive (${testDatabase})`, () => {
  it('archives a job written past its end at once', async () => {
    expect(await archived('Imported Old Role')).toBe(true);
    expect(await archived('Live Role')).toBe(false);
    expect(await publicTitles()).not.toContain('Imported Old Role');
  });

  it('archives a job that ran out on the next retention run; the public no longer sees it', async () => {
    expect(await publiclyListed('Ending Role')).toEqual({
      search: true,
      byText: true,
      feed: true,
      sitemap: true,
      locations: true,
    });
    t.clock.now = new Date(NOW.getTime() + 2 * DAY);
    // Off the board as soon as it ends, archived or not: archiving changes no public answer.
    expect(await archived('Ending Role')).toBe(false);
    expect(await publicTitles()).not.toContain('Ending Role');

    const report = await t.app.retention.run();
    expect(report.archivedJobs).toBe(1);
    expect(await archived('Ending Role')).toBe(true);
    expect(await archived('Live Role')).toBe(false);
    expect(await publiclyListed('Ending Role')).toEqual({
      search: false,
      byText: false,
      feed: false,
      sitemap: false,
      locations: false,
    });
    // A second run finds nothing left to archive.
    expect((await t.app.retention.run()).archivedJobs).toBe(0);
  });

  it('still shows an archived job to the admin, in the list and on its own', async () => {
    const one = await admin({ method: 'GET', url: `/api/admin/jobs/${ids['Ending Role']}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ title: 'Ending Role' });
    const list = await admin({ method: 'GET', url: '/api/admin/jobs' });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { title: string }[]).map((job) => job.title)).toContain('Ending Role');
    // Its own public page still answers, marked ended.
    const page = await t.app.inject(`/api/jobs/${ids['Ending Role']}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ expired: true });
  });

  it('un-archives a job whose listing is extended, and the public sees it again', async () => {
    const res = await admin({
      method: 'POST',
      url: `/api/admin/jobs/${ids['Ending Role']}/extend`,
      payload: { days: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await archived('Ending Role')).toBe(false);
    expect(await publiclyListed('Ending Role')).toEqual({
      search: true,
      byText: true,
      feed: true,
      sitemap: true,
      locations: true,
    });
  });

  it('archives a job at once when an admin gives it a deadline that has passed', async () => {
    const res = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${ids['Live Role']}`,
      payload: { deadline: '2026-11-20' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await archived('Live Role')).toBe(true);
    expect(await publicTitles()).not.toContain('Live Role');
  });

  it('takes an archived job out of the text index and a renewal puts it back (SQLite: jobs_fts)', async () => {
    const start = t.clock.now;
    const [id] = await t.app.jobs.createMany(
      [
        jobInput({
          title: 'Harbor Falconry Lead',
          description: 'Care for our falconry program on the harbor.',
          expiresAt: new Date(start.getTime() + DAY),
        }),
      ],
      start,
    );
    const job = Number(id);
    expect(await foundByText('falconry')).toEqual([job]);
    expect(await inTextIndex(job)).toBe(true);

    t.clock.now = new Date(start.getTime() + 2 * DAY);
    await t.app.retention.run();
    expect(Boolean((await t.db('jobs').where({ id: job }).first('archived'))!.archived)).toBe(true);
    expect(await inTextIndex(job)).toBe(false);
    expect(await foundByText('falconry')).toEqual([]);

    // The employer pays for a renewal (renewals/settle.ts): live again, and found by its words.
    await t.db.transaction((trx) =>
      t.app.jobs.renew(
        trx,
        job,
        new Date(t.clock.now.getTime() + 30 * DAY),
        { adminId: null, actor: 'stripe' },
        t.clock.now,
      ),
    );
    expect(Boolean((await t.db('jobs').where({ id: job }).first('archived'))!.archived)).toBe(
      false,
    );
    expect(await inTextIndex(job)).toBe(true);
    expect(await foundByText('falconry')).toEqual([job]);
  });

  it('keeps a job written past its end, or given a passed deadline, out of the text index', async () => {
    expect(await inTextIndex(Number(ids['Imported Old Role']))).toBe(false);
    expect(await inTextIndex(Number(ids['Live Role']))).toBe(false);
    expect(await foundByText('imported old')).toEqual([]);
  });

  it('sweeps in batches of RETENTION_BATCH until none is left', async () => {
    const past = new Date(t.clock.now.getTime() + DAY);
    const many = Array.from({ length: RETENTION_BATCH + 3 }, (_, i) =>
      jobInput({ title: `Batch Role ${i + 1}`, expiresAt: past }),
    );
    await t.app.jobs.createMany(many, t.clock.now);
    t.clock.now = new Date(past.getTime() + DAY);
    expect((await t.app.retention.run()).archivedJobs).toBe(RETENTION_BATCH + 3);
  });
});
