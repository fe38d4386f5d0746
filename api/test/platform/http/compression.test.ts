import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../support/admin';
import { createJobs } from '../../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * @fastify/compress answers the API's JSON that is not a cached public read (those compress once
 * per answer themselves: plugins/public-cache.ts): the admins' lists grow with the board.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
  await createJobs(
    t.app,
    Array.from({ length: 8 }, (_, i) => ({ title: `Program Associate ${i + 1}` })),
  );
});
afterAll(() => t.close());

describe(`API JSON compression on ${testDatabase}`, () => {
  it('compresses an admin list over 1 KB the way the client accepts', async () => {
    const plain = await admin({ url: '/api/admin/jobs' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const gzip = await admin({ url: '/api/admin/jobs', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
