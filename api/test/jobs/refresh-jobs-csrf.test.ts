import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdmin(t);
  cookie = sessionCookie(await login(t));
});
afterAll(() => t.close());

const refresh = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/refresh-jobs', headers: { cookie, ...headers } });

describe(`GET /api/refresh-jobs needs the CSRF header, like the writes, on ${testDatabase}`, () => {
  it('refuses a request without it, even with the admin cookie (a link on another site)', async () => {
    const res = await refresh({});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/did not come from the site/);
  });

  it('refuses the header from another origin', async () => {
    const res = await refresh({ ...CSRF, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('runs with the header, from our own pages', async () => {
    const res = await refresh({ ...CSRF, origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 0, deactivated: 0 });
  });

  it('leaves the other admin reads as they were: no header needed', async () => {
    const res = await t.app.inject({ url: '/api/admin/jobs', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });
});
