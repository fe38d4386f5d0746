import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultSearchFilter } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/platform/config';
import { CSRF, signedIn } from '../../support/admin';
import { createJobs } from '../../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * CORS for the public reads (issue 46, platform/plugins/cross-origin.ts): the origins of
 * CORS_ORIGINS may read them from their pages, never with credentials; every other route answers
 * no CORS header, and a preflight for it is a 404; nothing at all without CORS_ORIGINS.
 */

const PARTNER = 'https://partner.example';
const OTHER = 'https://elsewhere.example';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let jobId: string;

beforeAll(async () => {
  // The fast path compares the jobs version once a second of the wall clock (fast-reads.test.ts).
  vi.useFakeTimers({ toFake: ['Date'] });
  t = await buildTestApp({ env: { CORS_ORIGINS: `${PARTNER}, https://jobs.example.net/` } });
  await createJobs(t.app, [{ title: 'Grants Officer' }]);
  admin = await signedIn(t);
  jobId = (await t.app.inject({ method: 'GET', url: '/api/jobs' })).json()[0].id;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const from = (origin: string, extra: Record<string, string> = {}) => ({ origin, ...extra });

describe(`CORS for the public reads on ${testDatabase}`, () => {
  it('lets an allowed origin read the public reads, without credentials', async () => {
    for (const url of [
      '/api/jobs',
      `/api/jobs/${jobId}`,
      '/api/jobs/recent',
      '/api/locations',
      '/api/categories',
      '/api/openapi.json',
      '/feed.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: from(PARTNER) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe(PARTNER);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(String(res.headers.vary), url).toMatch(/Origin/);
    }
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/search',
      headers: from('https://jobs.example.net'),
      payload: { query: 'grants' },
    });
    expect(search.headers['access-control-allow-origin']).toBe('https://jobs.example.net');
    expect(search.headers['access-control-expose-headers']).toBe('X-Total-Count, Link, ETag');
    expect(search.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('gives an origin not allowed nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/jobs', headers: from(OTHER) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/jobs/search',
      headers: from(OTHER, { 'access-control-request-method': 'POST' }),
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("never answers CORS on an admin's, an employer's or an integrator's route, even to an allowed origin", async () => {
    const adminRead = await admin({
      method: 'GET',
      url: '/api/admin/jobs',
      headers: from(PARTNER),
    });
    expect(adminRead.statusCode).toBe(200);
    expect(adminRead.headers['access-control-allow-origin']).toBeUndefined();
    for (const url of [
      '/api/employer/listings',
      '/api/v1/listings',
      '/api/submit-job-for-review',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...CSRF, ...from(PARTNER) },
      });
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    for (const [url, method] of [
      ['/api/admin/jobs', 'GET'],
      ['/api/v1/listings', 'POST'],
      ['/api/submit-job-for-review', 'POST'],
      // A public read's path, for a method it does not serve.
      ['/api/jobs', 'DELETE'],
    ] as const) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: from(PARTNER, { 'access-control-request-method': method }),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it("answers an allowed origin's preflight for a public read", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/jobs/search',
      headers: from(PARTNER, {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      }),
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': PARTNER,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type, If-None-Match',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const one = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/jobs/${jobId}`,
      headers: from(PARTNER, { 'access-control-request-method': 'GET' }),
    });
    expect(one.statusCode).toBe(204);
    expect(one.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });

  it('gives the same headers on the fast path of the cached search (a real socket)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ ...defaultSearchFilter(), page: 1, pageSize: 10 });
    const post = (origin: string) =>
      new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/jobs/search',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              origin,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    let fast = 0;
    t.app.fastReads.onAnswer(() => (fast += 1));
    await post(PARTNER); // through Fastify: the answer is cached and its text known
    const answered = await post(PARTNER);
    const refused = await post(OTHER);
    expect(fast).toBe(2);
    expect(answered['access-control-allow-origin']).toBe(PARTNER);
    expect(answered.vary).toBe('Origin, Accept-Encoding');
    expect(refused['access-control-allow-origin']).toBeUndefined();
  });
});

describe(`CORS_ORIGINS on ${testDatabase}`, () => {
  it('is off unless set: no header, and preflights answered 404 as before', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/jobs',
        headers: from(PARTNER),
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      const preflight = await plain.app.inject({
        method: 'OPTIONS',
        url: '/api/jobs/search',
        headers: from(PARTNER, { 'access-control-request-method': 'POST' }),
      });
      expect(preflight.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('takes * for any origin, which then needs no Vary', async () => {
    const open = await buildTestApp({ env: { CORS_ORIGINS: '*' } });
    try {
      const res = await open.app.inject({
        method: 'GET',
        url: '/api/categories',
        headers: from(OTHER),
      });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers.vary).toBe('Accept-Encoding');
      const adminRead = await open.app.inject({
        method: 'GET',
        url: '/api/admin/check-auth',
        headers: from(OTHER),
      });
      expect(adminRead.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('refuses what is not a list of origins, naming each', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    for (const [value, problem] of [
      ['https://a.example/jobs', /CORS_ORIGINS must be origins .*"https:\/\/a\.example\/jobs"/],
      ['a.example', /not understood: "a\.example"/],
      ['ftp://a.example', /not understood: "ftp:\/\/a\.example"/],
      ['*, https://a.example', /CORS_ORIGINS takes \* alone/],
    ] as const) {
      let error: unknown;
      try {
        loadConfig({ CORS_ORIGINS: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n'), value).toMatch(problem);
    }
  });
});
