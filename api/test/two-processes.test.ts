import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../src/db/migrations';
import { createKnex } from '../src/db/knex';
import { migrateLatest } from '../src/db/migrate';
import { CSRF, createAdmin, login, sessionCookie } from './support/admin';
import { createJobs } from './support/jobs';
import { buildTestApp, freshDatabase, testDatabase, type TestApp } from './support/test-app';

/**
 * Two API processes on one database (two app instances here, each with its own pools and
 * memory, as two processes have): a sign-in made on one holds on the other, a job changed through
 * one is served by the other within the public cache's bound, and two starts at once migrate once.
 */

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await buildTestApp();
  two = await buildTestApp({ sameDatabaseAs: one });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

/** The public cache compares the jobs version at most this often (jobs/public-cache.ts). */
const VERSION_CHECK_MS = 1000;

describe(`two API processes on one ${testDatabase} database`, () => {
  it('a sign-in made on one works on the other, and a sign-out on either ends it', async () => {
    await createAdmin(one);
    const cookie = sessionCookie(await login(one));
    const checkAuth = (t: TestApp) =>
      t.app.inject({ url: '/api/admin/check-auth', headers: { cookie } });
    expect((await checkAuth(one)).statusCode).toBe(200);
    const onTwo = await checkAuth(two);
    expect(onTwo.statusCode).toBe(200);
    expect(onTwo.json()).toMatchObject({ username: 'alice' });
    // A write on the other process with that session.
    const created = await two.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: { ...CSRF, cookie },
      payload: { code: 'TWOPROC', percentOff: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);

    const out = await two.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...CSRF, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await checkAuth(one)).statusCode).toBe(401);
    expect((await checkAuth(two)).statusCode).toBe(401);
  });

  it(`serves a job added through the other process within ${VERSION_CHECK_MS} ms`, async () => {
    const titles = async (t: TestApp) => {
      const list = await t.app.inject('/api/jobs');
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/jobs/search',
        payload: { query: 'cartographer' },
      });
      return {
        list: list.json().map((job: { title: string }) => job.title) as string[],
        search: search.json().jobs.map((job: { title: string }) => job.title) as string[],
      };
    };
    // Both answers are in the second process's cache.
    expect(await titles(two)).toEqual({ list: [], search: [] });
    expect(await titles(two)).toEqual({ list: [], search: [] });

    // The cache's bound is kept by the real clock (Date.now): stopped here and moved by hand, so
    // the bound is checked exactly, however long the requests take on a busy machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await createJobs(one.app, [{ title: 'Newsroom Cartographer' }]);
      expect((await titles(one)).search).toEqual(['Newsroom Cartographer']); // at once on its own

      vi.setSystemTime(Date.now() + VERSION_CHECK_MS);
      const seen = await titles(two);
      expect(seen).toEqual({ list: ['Newsroom Cartographer'], search: ['Newsroom Cartographer'] });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe(`starting together on a fresh ${testDatabase} database`, () => {
  const pools: Knex[] = [];
  let dispose: () => Promise<void>;
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await dispose?.();
  });

  it('migrates once: every start succeeds and each migration is applied exactly once', async () => {
    const fresh = await freshDatabase();
    dispose = fresh.dispose;
    // Three processes, each with its own pool, as three servers starting at once.
    pools.push(...[1, 2, 3].map(() => createKnex(fresh.database)));
    const results = await Promise.allSettled(pools.map((pool) => migrateLatest(pool)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const applied = results.flatMap((result) =>
      result.status === 'fulfilled' ? result.value : [],
    );
    const names = migrations.map((migration) => migration.name);
    expect([...applied].sort()).toEqual([...names].sort()); // each by exactly one of them
    const rows = await pools[0]!('knex_migrations').select('name').orderBy('id');
    expect(rows.map((row: { name: string }) => row.name)).toEqual(names);
    const locks = await pools[0]!('knex_migrations_lock').select('is_locked');
    expect(locks).toEqual([{ is_locked: 0 }]);

    // A later start finds nothing to do.
    expect(await migrateLatest(pools[1]!)).toEqual([]);
  });
});
