import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, createAdmin } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { codeNow, enrolTwoFactor, passwordStep, sendCode } from '../support/two-factor';

let t: TestApp;
afterEach(() => t.close());

/**
 * Issue 43, finding 6: a sign-in whose password step was made before the admin's password or
 * two-factor sign-in changed is not finished by a code afterwards. The clock does not move between
 * the steps: the refusal rests on the credentials version, not on which millisecond came first.
 */
describe(`a sign-in waiting for its code, on ${testDatabase}`, () => {
  it('is refused after a password change, with a message that says why', async () => {
    t = await buildTestApp();
    await createAdmin(t);
    const { secret } = await enrolTwoFactor(t);
    const waiting = await passwordStep(t);
    await t.app.admins.save(ADMIN.username, 'a new password for alice, 2026', t.clock.now);

    const refused = await sendCode(t, waiting, codeNow(t, secret));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.credentialsChanged);
    // The waiting sign-in is over: the same cookie gets nowhere with a code of its own either.
    const again = await sendCode(t, waiting, codeNow(t, secret));
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.noPendingSignIn);
    // Nor was the code spent: the new password and the same code sign in.
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: ADMIN.username, password: 'a new password for alice, 2026' },
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(fresh.json()).toEqual({ username: 'alice', next: 'code' });
    const cookie = `board.sid=${fresh.cookies.find((c) => c.name === 'board.sid')!.value}`;
    expect((await sendCode(t, cookie, codeNow(t, secret))).statusCode).toBe(200);
  });

  it('is refused after two-factor sign-in was reset and set up again', async () => {
    t = await buildTestApp();
    await createAdmin(t);
    await enrolTwoFactor(t);
    const waiting = await passwordStep(t);
    await t.app.admins.resetTwoFactor(ADMIN.username, t.clock.now);
    const { secret } = await enrolTwoFactor(t);

    const refused = await sendCode(t, waiting, codeNow(t, secret));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.credentialsChanged);
  });

  it('is finished by the code when nothing changed', async () => {
    t = await buildTestApp();
    await createAdmin(t);
    const { secret } = await enrolTwoFactor(t);
    const waiting = await passwordStep(t);
    expect((await sendCode(t, waiting, codeNow(t, secret))).statusCode).toBe(200);
  });
});
