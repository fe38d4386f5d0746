import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/admins/two-factor';
import { ADMIN, CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
afterEach(() => t.close());

const STEP = 30_000;

async function start(env: Record<string, string> = {}) {
  t = await buildTestApp({ env });
  await createAdmin(t);
}

const as = (cookie: string) => (options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...CSRF, cookie, ...(options.headers ?? {}) } });

const code = (secret: string) => totpCode(secret, t.clock.now.getTime());
const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));

/** Signs in with the password alone (an admin without 2FA), and enrols: the secret and the codes. */
async function enrol() {
  const res = await login(t);
  expect(res.statusCode).toBe(200);
  const call = as(sessionCookie(res));
  const setup = await call({ method: 'POST', url: '/api/admin/two-factor/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await call({
    method: 'POST',
    url: '/api/admin/two-factor/enable',
    payload: { code: code(secret) },
  });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const sendCode = (cookie: string, value: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login/code',
    payload: { code: value },
    headers: { ...CSRF, cookie },
  });

const checkAuth = (cookie: string) =>
  t.app.inject({ url: '/api/admin/check-auth', headers: { cookie } });

/** The password step of an admin with 2FA: the waiting session's cookie. */
async function passwordStep(): Promise<string> {
  const res = await login(t);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ username: 'alice', next: 'code' });
  return sessionCookie(res);
}

/** `jobboard admin reset-2fa` (from source), as an operator runs it, on this test's database. */
function resetTwoFactorCli(username: string): Promise<{ code: number | null; output: string }> {
  const database = t.config.database;
  const env = {
    ...process.env,
    ...(database.client === 'postgres'
      ? { DATABASE_URL: database.connectionString }
      : { DATABASE_URL: '', SQLITE_FILE: database.filename }),
  };
  return new Promise((resolve, reject) => {
    const cli = spawn(
      path.resolve('node_modules/.bin/tsx'),
      ['src/cli/jobboard.ts', 'admin', 'reset-2fa', username],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    cli.stdout.on('data', (chunk) => (output += chunk));
    cli.stderr.on('data', (chunk) => (output += chunk));
    cli.on('error', reject);
    cli.on('close', (code) => resolve({ code, output }));
  });
}

const cookieOf = (res: LightMyRequestResponse) => sessionCookie(res);

describe(`admin two-factor sign-in on ${testDatabase}`, () => {
  it('enrols: a wrong code is refused, the right one turns it on, and the secret is never shown again', async () => {
    await start();
    const res = await login(t);
    expect(res.json()).toEqual({ username: 'alice' });
    const call = as(sessionCookie(res));
    expect((await call({ url: '/api/admin/two-factor' })).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await call({ method: 'POST', url: '/api/admin/two-factor/setup' });
    const enrolment = setup.json<{ secret: string; otpauthUrl: string; qrSvg: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrolment.qrSvg).toContain('<svg');

    const wrong = String((Number(code(enrolment.secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call({
      method: 'POST',
      url: '/api/admin/two-factor/enable',
      payload: { code: wrong },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.badCode);
    expect((await call({ url: '/api/admin/two-factor' })).json().enabled).toBe(false);

    const enabled = await call({
      method: 'POST',
      url: '/api/admin/two-factor/enable',
      payload: { code: code(enrolment.secret) },
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await call({ url: '/api/admin/two-factor' });
    expect(status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(enrolment.secret);
    // Set up again while on: refused, and nothing about the secret comes back.
    const again = await call({ method: 'POST', url: '/api/admin/two-factor/setup' });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(enrolment.secret);
    // The codes are kept hashed only.
    const stored = await t.db('admin_recovery_codes').select('code_hash');
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes).not.toContain(row.code_hash);
  });

  it("ends the admin's other sessions when it is turned on, and keeps the one that turned it on", async () => {
    await start();
    const elsewhere = sessionCookie(await login(t));
    expect((await checkAuth(elsewhere)).statusCode).toBe(200);
    const here = sessionCookie(await login(t));
    const call = as(here);
    const { secret } = (await call({ method: 'POST', url: '/api/admin/two-factor/setup' })).json<{
      secret: string;
    }>();
    const enabled = await call({
      method: 'POST',
      url: '/api/admin/two-factor/enable',
      payload: { code: code(secret) },
    });
    expect(enabled.statusCode).toBe(200);
    // A session signed in with the password alone (perhaps by whoever knew it) is over.
    expect((await checkAuth(elsewhere)).statusCode).toBe(401);
    expect((await checkAuth(here)).statusCode).toBe(200);
  });

  it('sign-in needs the code: the waiting session has no admin access, the right code grants it', async () => {
    await start();
    const { secret } = await enrol();
    later(STEP);
    const waiting = await passwordStep();
    expect((await checkAuth(waiting)).statusCode).toBe(401);
    const jobs = await t.app.inject({ url: '/api/admin/jobs', headers: { cookie: waiting } });
    expect(jobs.statusCode).toBe(401);
    expect((await sendCode(waiting, '000000')).statusCode).toBe(401);

    const signedIn = await sendCode(waiting, code(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ username: 'alice' });
    const cookie = cookieOf(signedIn);
    expect(cookie).not.toBe(waiting);
    expect((await checkAuth(cookie)).json()).toEqual({ authenticated: true, username: 'alice' });
    expect((await t.app.inject({ url: '/api/admin/jobs', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a code used once already, in its window, and an older one', async () => {
    await start();
    const { secret } = await enrol();
    later(STEP);
    const used = code(secret);
    expect((await sendCode(await passwordStep(), used)).statusCode).toBe(200);
    const replay = await sendCode(await passwordStep(), used);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(TWO_FACTOR_MESSAGES.badCode);
    // The next step's code works; the step before it is then spent too.
    const previous = used;
    later(STEP);
    expect((await sendCode(await passwordStep(), code(secret))).statusCode).toBe(200);
    expect((await sendCode(await passwordStep(), previous)).statusCode).toBe(401);
  });

  it('takes a code of the step before or after, not two steps off', async () => {
    await start();
    const { secret } = await enrol();
    const now = t.clock.now.getTime();
    later(10 * STEP);
    const base = t.clock.now.getTime();
    expect(now).toBeLessThan(base);
    expect(
      (await sendCode(await passwordStep(), totpCode(secret, base - 2 * STEP))).statusCode,
    ).toBe(401);
    expect((await sendCode(await passwordStep(), totpCode(secret, base + STEP))).statusCode).toBe(
      200,
    );
  });

  it('takes each recovery code once, and the count goes down', async () => {
    await start();
    const { recoveryCodes } = await enrol();
    const first = recoveryCodes[0]!;
    const res = await sendCode(await passwordStep(), first.toLowerCase());
    expect(res.statusCode).toBe(200);
    const call = as(cookieOf(res));
    expect((await call({ url: '/api/admin/two-factor' })).json().recoveryCodesLeft).toBe(9);
    expect((await sendCode(await passwordStep(), first)).statusCode).toBe(401);
    expect((await sendCode(await passwordStep(), recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('throttles wrong codes with the password on one (username, address) pair: 429 and Retry-After', async () => {
    await start();
    const { secret } = await enrol();
    later(STEP);
    const waiting = await passwordStep(); // attempt 1
    for (let attempt = 2; attempt <= 5; attempt++) {
      expect((await sendCode(waiting, '000000')).statusCode, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await sendCode(waiting, code(secret));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // A right password again does not clear the pair: the code step is still blocked.
    const again = await login(t);
    expect(again.statusCode).toBe(429);
  });

  it('asks for a code when none is sent, and for a password sign-in first without one', async () => {
    await start();
    await enrol();
    const waiting = await passwordStep();
    const empty = await sendCode(waiting, ' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/code',
      payload: { code: '123456' },
      headers: CSRF,
    });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().message).toBe(TWO_FACTOR_MESSAGES.noPendingSignIn);
  });

  it('forgets a waiting sign-in after ten minutes', async () => {
    await start();
    const { secret } = await enrol();
    later(STEP);
    const waiting = await passwordStep();
    later(10 * 60_000 + 1);
    expect((await sendCode(waiting, code(secret))).statusCode).toBe(401);
  });

  it('needs CSRF on the code step like every admin write', async () => {
    await start();
    await enrol();
    const waiting = await passwordStep();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/code',
      payload: { code: '123456' },
      headers: { cookie: waiting },
    });
    expect(res.statusCode).toBe(403);
  });

  it('turns off with a current code or the password, and regenerates recovery codes', async () => {
    await start();
    const { secret, recoveryCodes } = await enrol();
    later(STEP);
    const res = await sendCode(await passwordStep(), code(secret));
    const call = as(cookieOf(res));
    later(STEP);
    const fresh = await call({
      method: 'POST',
      url: '/api/admin/two-factor/recovery-codes',
      payload: { code: code(secret) },
    });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(newCodes).toHaveLength(10);
    // The old codes stopped working.
    expect((await sendCode(await passwordStep(), recoveryCodes[0]!)).statusCode).toBe(401);

    const noProof = await call({
      method: 'POST',
      url: '/api/admin/two-factor/disable',
      payload: {},
    });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().message).toBe(TWO_FACTOR_MESSAGES.disableProof);
    const wrongPassword = await call({
      method: 'POST',
      url: '/api/admin/two-factor/disable',
      payload: { password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const off = await call({
      method: 'POST',
      url: '/api/admin/two-factor/disable',
      payload: { password: ADMIN.password },
    });
    expect(off.statusCode).toBe(200);
    expect((await login(t)).json()).toEqual({ username: 'alice' });
    expect(Number((await t.db('admin_recovery_codes').count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('ADMIN_2FA=required: an admin without 2FA reaches only enrolment until enrolled', async () => {
    await start({ ADMIN_2FA: 'required' });
    const res = await login(t);
    expect(res.json()).toEqual({ username: 'alice', next: 'enrol' });
    const call = as(sessionCookie(res));
    expect((await call({ url: '/api/admin/check-auth' })).json()).toEqual({
      authenticated: true,
      username: 'alice',
      enrolRequired: true,
    });
    const jobs = await call({ url: '/api/admin/jobs' });
    expect(jobs.statusCode).toBe(403);
    expect(jobs.json().message).toBe(TWO_FACTOR_MESSAGES.enrolFirst);
    expect((await call({ url: '/api/admin/two-factor' })).json().required).toBe(true);

    const setup = await call({ method: 'POST', url: '/api/admin/two-factor/setup' });
    const { secret } = setup.json<{ secret: string }>();
    const enabled = await call({
      method: 'POST',
      url: '/api/admin/two-factor/enable',
      payload: { code: code(secret) },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await call({ url: '/api/admin/jobs' })).statusCode).toBe(200);
    const off = await call({
      method: 'POST',
      url: '/api/admin/two-factor/disable',
      payload: { password: ADMIN.password },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.requiredHere);
  });

  it('refuses an ADMIN_2FA value it does not know, by name', async () => {
    const { loadConfig } = await import('../../src/platform/config');
    expect(() => loadConfig({ ADMIN_2FA: 'always' })).toThrow(
      /ADMIN_2FA must be optional or required/,
    );
    t = await buildTestApp();
  });

  it('jobboard admin reset-2fa turns it off and signs the admin out everywhere', async () => {
    await start();
    const { secret } = await enrol();
    later(STEP);
    const cookie = cookieOf(await sendCode(await passwordStep(), code(secret)));
    const reset = await resetTwoFactorCli('ALICE');
    expect(reset.output).toContain('Two-factor sign-in of alice turned off');
    expect(reset.code).toBe(0);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
    expect((await login(t)).json()).toEqual({ username: 'alice' });
    const unknown = await resetTwoFactorCli('mallory');
    expect(unknown.code).not.toBe(0);
    expect(unknown.output).toContain('There is no admin mallory.');
  });
});
