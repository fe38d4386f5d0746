import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF } from '../../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { injectWithProof } from '../../support/human-proof';

/**
 * Every answer carries an X-Request-Id: the caller's when it is sane, a new one otherwise; and
 * every log line written while a request is handled carries the same id.
 */

let t: TestApp;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    // No front end built (whatever the checkout holds), so a page is the 503 that says so.
    env: { LOG_LEVEL: 'info', RELEASES_DIR: mkdtempSync(path.join(tmpdir(), 'jobboard-none-')) },
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe(`request ids on ${testDatabase}`, () => {
  it('echoes a sane X-Request-Id from the caller', async () => {
    for (const id of [
      '3f2a9c1e-0b7d-4a1e-9c55-5d2f0e7b8a10',
      'edge:abc.123_x-9',
      'a'.repeat(128),
    ]) {
      const res = await t.app.inject({ url: '/api/site', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces an empty, long or unsafe X-Request-Id with a new one', async () => {
    for (const id of ['', 'a'.repeat(129), 'two words', 'quote"d', 'new\\nline', '<script>', 'é']) {
      const res = await t.app.inject({ url: '/api/site', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], JSON.stringify(id)).toMatch(UUID);
    }
  });

  it('gives every answer a new id of its own when none is sent', async () => {
    const ids = new Set<unknown>();
    for (let i = 0; i < 5; i++) ids.add((await t.app.inject('/api/site')).headers['x-request-id']);
    expect(ids.size).toBe(5);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it('carries the id on errors and 404s too', async () => {
    const answers = [
      // 404 on /api, 404 of a method nobody serves, the front end's page when nothing is built
      await t.app.inject('/api/no-such-thing'),
      await t.app.inject({ method: 'DELETE', url: '/no-such-thing', headers: CSRF }),
      await t.app.inject('/some-page'),
      // 400 (validation), 401 (admin), 413 (body too large), a body that is not JSON
      await injectWithProof(t.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        payload: {},
      }),
      await t.app.inject('/api/admin/jobs'),
      await injectWithProof(t.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        payload: { title: 'x'.repeat(100_000) },
      }),
      await injectWithProof(t.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 503, 400, 401, 413, 400]);
    for (const res of answers) expect(res.headers['x-request-id']).toMatch(UUID);
    const given = await t.app.inject({
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'trace-404' },
    });
    expect(given.headers['x-request-id']).toBe('trace-404');
  });

  it("labels every log line of a request with its id, the handler's own lines included", async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...CSRF, 'x-request-id': 'login-attempt-1' },
      payload: { username: 'nobody', password: 'not the password at all' },
    });
    expect(res.statusCode).toBe(401);
    await t.app.inject({ url: '/api/site', headers: { 'x-request-id': 'another-request' } });

    const ofLogin = lines.filter((line) => line.requestId === 'login-attempt-1');
    expect(ofLogin.map((line) => line.msg)).toEqual([
      'incoming request',
      'admin login failed',
      'request completed',
    ]);
    // Every line written while requests were handled names one of them, and nothing else.
    expect(lines.length).toBeGreaterThan(ofLogin.length);
    for (const line of lines) {
      expect(['login-attempt-1', 'another-request'], JSON.stringify(line)).toContain(
        line.requestId,
      );
    }
  });
});
