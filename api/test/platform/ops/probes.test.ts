import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../src/platform/db/migrations';
import { fakeReleases } from '../../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * The operators' probes: /healthz (the process is up) and /readyz (the database answers and has
 * every migration). Outside /api, never taken by the front end's catch-all, never cached.
 */

/** /readyz names what is wrong only to a request with the METRICS_TOKEN (readyz-details.test.ts). */
const METRICS_TOKEN = 'probes-test-metrics-token-of-32-chars-or-more';

let t: TestApp;
let releases: string;
beforeAll(async () => {
  // A built front end: the catch-all then answers every other GET with the shell's page.
  releases = fakeReleases();
  t = await buildTestApp({ env: { RELEASES_DIR: releases, METRICS_TOKEN } });
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

describe(`the operators' probes on ${testDatabase}`, () => {
  it('/healthz: 200 { status: ok } as JSON, never stored, without touching the database', async () => {
    let queries = 0;
    const count = () => (queries += 1);
    t.app.db.on('query', count);
    try {
      const res = await t.app.inject('/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      t.app.db.removeListener('query', count);
    }
    expect(queries).toBe(0);
  });

  it('/readyz: 200 when the database answers and has every migration, never stored', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz: 503 naming the migrations the database lacks (to the metrics token)', async () => {
    const last = migrations.at(-1)!.name;
    const [row] = await t.db('knex_migrations').where({ name: last });
    await t.db('knex_migrations').where({ name: last }).delete();
    try {
      const res = await t.app.inject({
        url: '/readyz',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ message: expect.stringContaining(last) });
      expect(res.json().message).toMatch(/^schema behind: 1 migration pending/);
      // Liveness does not depend on it.
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.db('knex_migrations').insert(row);
    }
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('is not swallowed by the front end: a HEAD works, other methods and near paths do not', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/healthz' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'No route for POST /healthz' });
    // A path beside them is still the front end's (its 404 page), not a probe.
    const page = await t.app.inject('/healthz/more');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await t.app.inject('/api/healthz')).statusCode).toBe(404);
  });
});
