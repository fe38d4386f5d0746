import { expect } from 'vitest';
import { totpCode } from '../../src/admins/two-factor';
import { ADMIN, CSRF, login, sessionCookie } from './admin';
import type { TestApp } from './test-app';

/** A time step of the one-time codes. */
export const STEP = 30_000;

/** The code the admin's app shows now, by the test's clock. */
export const codeNow = (t: TestApp, secret: string) => totpCode(secret, t.clock.now.getTime());

/** Move the test's clock on. */
export const later = (t: TestApp, ms: number) =>
  (t.clock.now = new Date(t.clock.now.getTime() + ms));

/** A six-digit code that is neither the one of now nor that of either step beside it. */
export function wrongCode(t: TestApp, secret: string): string {
  const now = t.clock.now.getTime();
  const right = new Set([-STEP, 0, STEP].map((offset) => totpCode(secret, now + offset)));
  for (let n = Number(codeNow(t, secret)) + 1; ; n++) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!right.has(code)) return code;
  }
}

/**
 * The admin (created already) signs in with the password alone and turns two-factor sign-in on:
 * the secret and the recovery codes. The clock then moves one step on, so that the code that
 * confirmed it is not the sign-in's next one.
 */
export async function enrolTwoFactor(t: TestApp) {
  const res = await login(t);
  expect(res.statusCode).toBe(200);
  const cookie = sessionCookie(res);
  const call = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...CSRF, cookie } });
  const setup = await call('/api/admin/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await call('/api/admin/two-factor/enable', { code: codeNow(t, secret) });
  expect(enabled.statusCode).toBe(200);
  later(t, STEP);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The password step of an admin with two-factor sign-in, from `remoteAddress`: the waiting session's cookie. */
export async function passwordStep(t: TestApp, remoteAddress?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: ADMIN,
    headers: CSRF,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ next: 'code' });
  return sessionCookie(res);
}

/** The code step of the sign-in `cookie` is waiting in, from `remoteAddress`. */
export function sendCode(t: TestApp, cookie: string, code: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login/code',
    payload: { code },
    headers: { ...CSRF, cookie },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
