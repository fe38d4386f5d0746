import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
  await createAdmin(t);
});
afterEach(() => t.close());

const checkAuth = (cookie?: string) =>
  t.app.inject({ url: '/api/admin/check-auth', headers: cookie ? { cookie } : {} });
const MINUTE = 60_000;

describe(`admin sign-in on ${testDatabase}`, () => {
  it('signs in with the right password and the session checks out', async () => {
    const res = await login(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: 'alice' });
    const check = await checkAuth(sessionCookie(res));
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ authenticated: true, username: 'alice' });
  });

  it('accepts the username in any letter case', async () => {
    expect((await login(t, { ...ADMIN, username: ' ALICE ' })).statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', { ...ADMIN, password: 'wrong password 123' }],
    ['an unknown user', { username: 'mallory', password: ADMIN.password }],
  ])('refuses %s with the same message and no cookie', async (_, body) => {
    const res = await login(t, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid username or password' });
    expect(res.cookies.find((c) => c.name === 'board.sid')).toBeUndefined();
  });

  it.each([{}, { username: 'alice' }, { password: 'x' }, { username: ' ', password: ' ' }])(
    'asks for both fields (%j)',
    async (body) => {
      const res = await login(t, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter both username and password');
    },
  );

  it('gives visitors who do not sign in no cookie and no stored session', async () => {
    for (const url of ['/api/jobs', '/api/admin/check-auth', '/'])
      expect((await t.app.inject(url)).headers['set-cookie'], url).toBeUndefined();
    expect(Number((await t.db('sessions').count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('sets an httpOnly, SameSite cookie for the API only, not Secure on http', async () => {
    const cookie = (await login(t)).cookies.find((c) => c.name === 'board.sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie.secure).toBeFalsy();
  });

  it('makes the cookie Secure when the site is served over https', async () => {
    const secure = await buildTestApp({
      env: { PUBLIC_URL: 'https://jobs.example.org', TRUST_PROXY: 'loopback' },
    });
    try {
      await createAdmin(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: ADMIN,
        headers: { ...CSRF, 'x-forwarded-proto': 'https', origin: 'https://jobs.example.org' },
      });
      expect(res.cookies.find((c) => c.name === 'board.sid')).toMatchObject({
        secure: true,
        httpOnly: true,
      });
    } finally {
      await secure.close();
    }
  });

  it('gives a new session id at sign-in (fixation)', async () => {
    const first = sessionCookie(await login(t));
    const second = await login(t, ADMIN, { cookie: first });
    expect(sessionCookie(second)).not.toBe(first);
    expect((await checkAuth(first)).statusCode).toBe(401); // the old id is dead
    expect((await checkAuth(sessionCookie(second))).statusCode).toBe(200);
  });

  it('logout kills the session on the server: the old cookie no longer works', async () => {
    const cookie = sessionCookie(await login(t));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...CSRF, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been logged out successfully' });
    expect((await checkAuth(cookie)).statusCode).toBe(401);
    expect(Number((await t.db('sessions').whereNull('ended_at').count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('ends a session idle for 30 minutes, and keeps one in use', async () => {
    const cookie = sessionCookie(await login(t));
    t.clock.now = new Date(t.clock.now.getTime() + 29 * MINUTE);
    expect((await checkAuth(cookie)).statusCode).toBe(200); // use pushes the idle timeout on
    t.clock.now = new Date(t.clock.now.getTime() + 29 * MINUTE);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 31 * MINUTE);
    const expired = await checkAuth(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired|log in/);
  });

  it('ends any session 12 hours after sign-in, however busy', async () => {
    const cookie = sessionCookie(await login(t));
    for (let hours = 0; hours < 12; hours += 0.25) {
      t.clock.now = new Date(t.clock.now.getTime() + 15 * MINUTE);
      const res = await checkAuth(cookie);
      if (res.statusCode !== 200) {
        expect(hours).toBeGreaterThanOrEqual(11.75);
        return;
      }
    }
    throw new Error('the session outlived its absolute lifetime');
  });

  it('limits failures per username (429), while other users can still sign in', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login(t, { ...ADMIN, password: `wrong ${i} xxxxxxx` })).statusCode).toBe(401);
    const blocked = await login(t);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed attempts for this account/);
    await createAdmin(t, { username: 'bob', password: 'another long password' });
    expect(
      (await login(t, { username: 'bob', password: 'another long password' })).statusCode,
    ).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 16 * MINUTE);
    expect((await login(t)).statusCode).toBe(200);
  });

  it('limits attempts per address (429 JSON)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await login(t, { username: `user${i}`, password: 'nope nope nope' })).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a caller who is not signed in before reading the body: 401, however large or broken', async () => {
    for (const payload of ['{"title": "x"', 'x'.repeat(2 * 1024 * 1024)]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/jobs/1',
        headers: { ...CSRF, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please log in to continue.' });
    }
  });

  describe('CSRF', () => {
    it('refuses a mutation without the custom header', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/refused/);
    });

    it('refuses a mutation from another origin, even with the header', async () => {
      const res = await login(t, ADMIN, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      const cookie = sessionCookie(await login(t));
      const del = await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/jobs/1',
        headers: { ...CSRF, cookie, origin: 'https://evil.example' },
      });
      expect(del.statusCode).toBe(403);
    });

    it('accepts our own origin', async () => {
      expect((await login(t, ADMIN, { origin: 'http://localhost:3000' })).statusCode).toBe(200);
    });
  });
});

describe(`the sign-in log on ${testDatabase}`, () => {
  it('names the username and address of each attempt, never a password or a session id', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await createAdmin(logged);
      const wrong = 'wrong password 123456';
      expect((await login(logged, { ...ADMIN, password: wrong })).statusCode).toBe(401);
      const res = await login(logged);
      const cookie = sessionCookie(res);
      await logged.app.inject({ url: '/api/admin/check-auth', headers: { cookie } });
      await logged.app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { ...CSRF, cookie },
      });

      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.find((e) => e.msg === 'admin login failed')).toMatchObject({
        username: 'alice',
        ip: '127.0.0.1',
      });
      expect(entries.find((e) => e.msg === 'admin logged in')).toMatchObject({
        username: 'alice',
        ip: '127.0.0.1',
      });
      const log = lines.join('\n');
      const sessionId = decodeURIComponent(cookie.slice('board.sid='.length)).split('.')[0]!;
      for (const secret of [ADMIN.password, wrong, sessionId]) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
