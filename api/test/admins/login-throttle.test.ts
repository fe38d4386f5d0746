import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, LoginThrottle } from '../../src/admins/login-throttle';
import { clientKey } from '../../src/platform/http/client-key';
import { ADMIN, CSRF, createAdmin } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
  await createAdmin(t);
});
afterEach(() => t.close());

const ATTACKER = '203.0.113.9';
const REAL_ADMIN = '198.51.100.4';
const WRONG = { ...ADMIN, password: 'not the password at all' };

const loginFrom = (address: string, body: object = ADMIN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: body,
    headers: CSRF,
    remoteAddress: address,
  });

const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));

describe(`sign-in throttling per username and address on ${testDatabase}`, () => {
  it('lets nobody lock the admin out from one address: the real admin signs in from another', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.freeAttempts; i++) {
      expect((await loginFrom(ATTACKER, WRONG)).statusCode).toBe(401);
    }
    const locked = await loginFrom(ATTACKER, ADMIN); // even the right password waits
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed attempts for this account/);
    expect(Number(locked.headers['retry-after'])).toBe(LOGIN_THROTTLE.baseDelayMs / 1000);

    const elsewhere = await loginFrom(REAL_ADMIN, ADMIN);
    expect(elsewhere.statusCode).toBe(200);
    // And the attacker's own delay is untouched by the real admin's success.
    expect((await loginFrom(ATTACKER, ADMIN)).statusCode).toBe(429);
  });

  it('counts parallel attempts before the password is checked: only the free ones get through', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => loginFrom(ATTACKER, WRONG)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_THROTTLE.freeAttempts);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - LOGIN_THROTTLE.freeAttempts);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('makes each further attempt wait twice as long as the one before', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.freeAttempts; i++) await loginFrom(ATTACKER, WRONG);
    const first = await loginFrom(ATTACKER, WRONG);
    expect(first.statusCode).toBe(429);
    const wait = Number(first.headers['retry-after']);
    later(wait * 1000);
    expect((await loginFrom(ATTACKER, WRONG)).statusCode).toBe(401);
    const second = await loginFrom(ATTACKER, WRONG);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBe(wait * 2);
    later(wait * 2 * 1000);
    // A success clears the pair: the next mistake is free again.
    expect((await loginFrom(ATTACKER, ADMIN)).statusCode).toBe(200);
    expect((await loginFrom(ATTACKER, WRONG)).statusCode).toBe(401);
  });

  it('answers the per-address limit with 429 and Retry-After too', async () => {
    let last;
    for (let i = 0; i < 11; i++) {
      last = await loginFrom(ATTACKER, { username: `user${i}`, password: 'nope nope nope' });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toMatch(/Too many requests/);
  });
});

describe(`the sign-in throttle's table on ${testDatabase}`, () => {
  it('caps the delay, and forgets a pair left alone for a day (its row purged)', async () => {
    const throttle = new LoginThrottle(t.db);
    let now = 0;
    let longest = 0;
    for (let i = 0; i < 40; i++) {
      const decision = await throttle.attempt('admin', ATTACKER, now);
      if (!decision.allowed) {
        longest = Math.max(longest, decision.retryAfterMs);
        now += decision.retryAfterMs;
      }
    }
    expect(longest).toBe(LOGIN_THROTTLE.maxDelayMs);
    now += LOGIN_THROTTLE.forgetAfterMs;
    expect(await throttle.purge(now)).toBe(1);
    expect(await t.db('login_throttle').count({ n: '*' })).toEqual([{ n: 0 }]);
    for (let i = 0; i < LOGIN_THROTTLE.freeAttempts; i++) {
      expect((await throttle.attempt('admin', ATTACKER, now)).allowed).toBe(true);
    }
  });

  it('starts a pair again from zero after a day even before the purge', async () => {
    const throttle = new LoginThrottle(t.db);
    for (let i = 0; i <= LOGIN_THROTTLE.freeAttempts; i++) await throttle.attempt('a', ATTACKER, 0);
    expect((await throttle.attempt('a', ATTACKER, 1)).allowed).toBe(false);
    const dayLater = LOGIN_THROTTLE.forgetAfterMs;
    for (let i = 0; i < LOGIN_THROTTLE.freeAttempts; i++) {
      expect((await throttle.attempt('a', ATTACKER, dayLater)).allowed).toBe(true);
    }
  });

  it('keeps a fixed-width key whatever the username (the column is varchar on PostgreSQL)', async () => {
    const throttle = new LoginThrottle(t.db);
    const long = 'u'.repeat(5_000);
    expect(await throttle.attempt(long, '2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff', 0)).toEqual({
      allowed: true,
    });
    const [row] = await t.db('login_throttle').select('key');
    expect(row.key).toHaveLength(64);
  });

  it('treats an IPv6 network (/64) as one client, and IPv4-mapped addresses as IPv4', async () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:1:2:3'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('2001:0db8:0001:0002::1')).toBe(clientKey('2001:db8:1:2::9'));
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');

    // Sign-in attempts from addresses of one /64 count together; another /64 is someone else.
    for (let i = 0; i < LOGIN_THROTTLE.freeAttempts; i++) {
      expect((await loginFrom(`2001:db8:1:2::${i + 1}`, WRONG)).statusCode).toBe(401);
    }
    expect((await loginFrom('2001:db8:1:2:ffff::9', ADMIN)).statusCode).toBe(429);
    expect((await loginFrom('2001:db8:1:3::1', ADMIN)).statusCode).toBe(200);
  });
});
