import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Job, SearchResponse } from '@jobboard/contract/jobs';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { signedIn } from '../support/admin';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Public reads come from memory until jobs change (jobs/public-cache.ts), and reads never wait
 * behind each other or behind writes (SQLite's read connections, plugins/db.ts). What a visitor
 * must never notice: a job as it was before an admin's save returned.
 */

let t: TestApp;
let ids: Record<string, string>;
let admin: Awaited<ReturnType<typeof signedIn>>;

const NOW = new Date('2026-11-22T12:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  ids = await createJobs(t.app, [
    {
      title: 'Data Editor',
      description: 'Edit data stories for a newsroom that covers climate and housing in depth.',
      postedDate: '2026-11-21',
    },
    {
      title: 'Closing Soon Coordinator',
      description: 'Coordinate a campaign that closes in one minute, on purpose, for this test.',
      expiresAt: new Date(NOW.getTime() + MINUTE),
    },
  ]);
  admin = await signedIn(t);
});
afterEach(() => {
  t.clock.now = NOW;
});
afterAll(() => t.close());

const search = async (query: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { query } })
  ).json() as SearchResponse;

describe(`public reads on ${testDatabase}`, () => {
  it('answers 304 without a body when the browser has the answer already', async () => {
    const first = await t.app.inject(`/api/jobs/${ids['Data Editor']}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await t.app.inject({
      url: `/api/jobs/${ids['Data Editor']}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses answers the way the client accepts, once per answer', async () => {
    await createJobs(
      t.app,
      Array.from({ length: 12 }, (_, i) => ({
        title: `Filler Role ${i}`,
        postedDate: '2026-10-01',
      })),
    );
    const plain = await t.app.inject('/api/jobs');
    const br = await t.app.inject({ url: '/api/jobs', headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await t.app.inject({
      url: '/api/jobs',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it("shows an admin's save to the very next visitor", async () => {
    const url = `/api/jobs/${ids['Data Editor']}`;
    expect((await t.app.inject(url)).json().title).toBe('Data Editor');
    expect((await search('editor')).total).toBe(1);

    const current = (await admin({ url: `/api/admin/jobs/${ids['Data Editor']}` })).json();
    const saved = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${ids['Data Editor']}`,
      payload: {
        title: 'Audience Editor',
        organization: current.organization,
        applicationUrl: current.applicationUrl,
        description: current.description,
        category: current.category,
        locations: current.locations,
        jobType: current.jobType,
        via: current.via,
        postedDate: current.postedDate,
        active: true,
        featured: false,
      },
    });
    expect(saved.statusCode).toBe(200);

    expect((await t.app.inject(url)).json().title).toBe('Audience Editor');
    expect((await search('audience')).jobs.map((j) => j.title)).toEqual(['Audience Editor']);
    expect((await search('editor')).jobs.map((j) => j.title)).toEqual(['Audience Editor']);
  });

  it('drops a job from every answer the moment it expires, with no write', async () => {
    const titles = async () =>
      ((await t.app.inject('/api/jobs?pageSize=100')).json() as Job[]).map((j) => j.title);
    expect(await titles()).toContain('Closing Soon Coordinator');
    expect((await search('campaign')).total).toBe(1);

    t.clock.now = new Date(NOW.getTime() + 2 * MINUTE);
    expect(await titles()).not.toContain('Closing Soon Coordinator');
    expect((await search('campaign')).total).toBe(0);
  });

  it('computes a missing answer once for many visitors at the same moment', async () => {
    const statementsFor = async (visitors: number) => {
      t.app.publicReads.cache.invalidate();
      let statements = 0;
      const count = () => (statements += 1);
      t.app.readDb.on('query', count);
      try {
        const answers = await Promise.all(
          Array.from({ length: visitors }, () =>
            t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { query: 'data' } }),
          ),
        );
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      } finally {
        t.app.readDb.removeListener('query', count);
      }
      return statements;
    };
    // Once first, so that both runs plan alike: the search keeps a minute what it found of a
    // text match's size (PostgreSQL: search/postgres-plan.ts), and asks again only after.
    await statementsFor(1);
    expect(await statementsFor(20)).toBe(await statementsFor(1));
  });

  it('serves a change made by another API process within a second', async () => {
    const other = await buildTestApp({ now: NOW, sameDatabaseAs: t });
    try {
      const url = `/api/jobs/${ids['Closing Soon Coordinator']}`;
      expect((await other.app.inject(url)).statusCode).toBe(200);
      // On PostgreSQL the other process hears the change (NOTIFY) rather than polling for it
      // (two-processes.test.ts): this waits for its notification once its listener is up.
      const listener = other.app.jobChangeListener;
      await listener?.whenConnected();
      const heard = listener?.nextNotice();
      // The cache's bound is kept by the real clock (Date.now): stopped, and moved by a second.
      vi.useFakeTimers({ toFake: ['Date'] });
      await t.app.jobs.delete(Number(ids['Closing Soon Coordinator']));
      // This process knows at once; the other one within a second of the change.
      expect((await t.app.inject(url)).statusCode).toBe(404);
      await heard;
      vi.setSystemTime(vi.getMockedSystemTime()!.getTime() + 1000);
      expect((await other.app.inject(url)).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
      await other.app.close();
      await other.db.destroy();
    }
  });

  it('answers an admin save and a search while a long read is still running', async () => {
    const read = await longRead();
    // Ended whatever happens: a save or a search that waited behind it would time the test out.
    onTestFinished(read.end);
    const order: string[] = [];
    const reading = read.done.then(() => order.push('long read'));
    const saving = admin({
      method: 'POST',
      url: '/api/admin/jobs/' + ids['Data Editor'] + '/extend',
      payload: {},
    }).then((res) => {
      order.push('admin save');
      return res;
    });
    const searching = search('editor').then(() => order.push('search'));
    expect((await saving).statusCode).toBe(200);
    await searching;
    expect(order).not.toContain('long read');
    read.end();
    await reading;
    expect(order.at(-1)).toBe('long read');
  });
});

/**
 * A read that runs until the test ends it (a search gone wrong, a big export): a transaction on a
 * read connection that has read the jobs and keeps its connection, and on SQLite its snapshot of
 * the file, until `end()`. Held by the test rather than by a slow statement, so that how long it
 * runs depends on nothing but the test.
 */
async function longRead(): Promise<{ done: Promise<void>; end: () => void }> {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let started!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  const done = t.app.readDb.transaction(async (trx) => {
    await trx('jobs').count({ jobs: '*' });
    started();
    await ended;
  });
  await reading;
  return { done, end };
}
