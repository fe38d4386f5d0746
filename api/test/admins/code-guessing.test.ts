import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { afterEach, describe, expect, it } from 'vitest';
import { CODE_GUESS_LIMIT } from '../../src/admins/login-throttle';
import { CODE_GUESSING_TEMPLATE } from '../../src/mail';
import { ADMIN, createAdmin } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import {
  codeNow,
  enrolTwoFactor,
  later,
  passwordStep,
  sendCode,
  wrongCode,
} from '../support/two-factor';

let t: TestApp;
afterEach(() => t.close());

const ADMIN_EMAIL = 'board-admins@example.org';

/** A new IPv6 /64 for each guess: the per-(username, address) throttle never sees two of them. */
let network = 0;
const freshAddress = () => `2001:db8:${(++network).toString(16)}::1`;

async function start() {
  t = await buildTestApp({ env: { ADMIN_EMAIL } });
  await createAdmin(t);
  return enrolTwoFactor(t);
}

/** A whole sign-in (password, then `code`) from an address never used before. */
async function signInFromAnywhere(code: (secret: string) => string, secret: string) {
  const address = freshAddress();
  const waiting = await passwordStep(t, address);
  return sendCode(t, waiting, code(secret), address);
}

const guessingEmails = () =>
  t.db('outbox').where({ template: CODE_GUESSING_TEMPLATE }).select('to_address', 'text_body');

/**
 * Issue 43, finding 1: one-time codes are limited per admin account, whatever the address, with a
 * back-off that grows and ends, and one e-mail to the board's admin address per episode. The
 * clock is the test's: every wait is a move of it, never a sleep.
 */
describe(`wrong one-time codes per admin account, on ${testDatabase}`, () => {
  it('pauses the account after the free codes, whatever the address: from many /64s', async () => {
    const { secret } = await start();
    // One sign-in waiting for its code, guessed at from a different /64 every time.
    const waiting = await passwordStep(t, freshAddress());
    for (let i = 0; i < CODE_GUESS_LIMIT.freeAttempts; i++) {
      const res = await sendCode(t, waiting, wrongCode(t, secret), freshAddress());
      expect(res.statusCode, `guess ${i + 1}`).toBe(401);
      expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.badCode);
    }
    // Now even the right code waits, from yet another address: it is not checked.
    const paused = await sendCode(t, waiting, codeNow(t, secret), freshAddress());
    expect(paused.statusCode).toBe(429);
    expect(paused.headers['retry-after']).toBe(String(CODE_GUESS_LIMIT.baseDelayMs / 1000));
    expect(paused.json().message).toBe(TWO_FACTOR_MESSAGES.codesPaused('60 seconds'));
  });

  it('counts parallel guesses before checking them: only the free ones are checked', async () => {
    const { secret } = await start();
    const waiting = await passwordStep(t, freshAddress());
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => sendCode(t, waiting, wrongCode(t, secret), freshAddress())),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(CODE_GUESS_LIMIT.freeAttempts);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - CODE_GUESS_LIMIT.freeAttempts);
    expect(await guessingEmails()).toHaveLength(1);
  });

  it('waits longer after each further wrong code, up to the cap; a right code after the wait signs in', async () => {
    const { secret } = await start();
    for (let i = 0; i < CODE_GUESS_LIMIT.freeAttempts; i++) {
      expect((await signInFromAnywhere(wrongCode.bind(null, t), secret)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      const paused = await signInFromAnywhere(codeNow.bind(null, t), secret);
      expect(paused.statusCode).toBe(429);
      const wait = Number(paused.headers['retry-after']) * 1000;
      waits.push(wait);
      later(t, wait - 1);
      // A millisecond early is still early.
      expect((await signInFromAnywhere(codeNow.bind(null, t), secret)).statusCode).toBe(429);
      later(t, 1);
      expect((await signInFromAnywhere(wrongCode.bind(null, t), secret)).statusCode).toBe(401);
    }
    const minute = 60_000;
    expect(waits).toEqual([1, 2, 4, 8, 15, 15].map((n) => n * minute));
    expect(CODE_GUESS_LIMIT.maxDelayMs).toBe(15 * minute);

    // The wait ends: the right code after it signs the admin in, from anywhere.
    later(t, CODE_GUESS_LIMIT.maxDelayMs);
    const signedIn = await signInFromAnywhere(codeNow.bind(null, t), secret);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ username: ADMIN.username });
    // And the account starts again from zero: the next mistakes are free again.
    for (let i = 0; i < CODE_GUESS_LIMIT.freeAttempts; i++) {
      later(t, 30_000);
      expect((await signInFromAnywhere(wrongCode.bind(null, t), secret)).statusCode).toBe(401);
    }
  });

  it("e-mails the board's admin address once per episode, not per guess", async () => {
    const { secret } = await start();
    for (let i = 0; i < CODE_GUESS_LIMIT.freeAttempts - 1; i++) {
      await signInFromAnywhere(wrongCode.bind(null, t), secret);
    }
    expect(await guessingEmails()).toEqual([]);
    const address = freshAddress();
    const waiting = await passwordStep(t, address);
    expect((await sendCode(t, waiting, wrongCode(t, secret), address)).statusCode).toBe(401);
    const [email, ...more] = await guessingEmails();
    expect(more).toEqual([]);
    expect(email!.to_address).toBe(ADMIN_EMAIL);
    expect(email!.text_body).toContain(`"${ADMIN.username}"`);
    expect(email!.text_body).toContain(`the last from ${address}`);
    expect(email!.text_body).toContain('Recovery codes still sign in');
    expect(email!.text_body).toContain(`--username ${ADMIN.username}`);

    // Refused and further wrong codes of the same episode send nothing more.
    for (let round = 0; round < 3; round++) {
      const paused = await signInFromAnywhere(wrongCode.bind(null, t), secret);
      later(t, Number(paused.headers['retry-after']) * 1000);
      await signInFromAnywhere(wrongCode.bind(null, t), secret);
    }
    expect(await guessingEmails()).toHaveLength(1);

    // A right code ends the episode; the next one is told again.
    later(t, CODE_GUESS_LIMIT.maxDelayMs);
    expect((await signInFromAnywhere(codeNow.bind(null, t), secret)).statusCode).toBe(200);
    for (let i = 0; i < CODE_GUESS_LIMIT.freeAttempts; i++) {
      later(t, 30_000);
      await signInFromAnywhere(wrongCode.bind(null, t), secret);
    }
    expect(await guessingEmails()).toHaveLength(2);
  });

  it('never pauses recovery codes: the admin signs in with one while the codes wait', async () => {
    const { secret, recoveryCodes } = await start();
    for (let i = 0; i < CODE_GUESS_LIMIT.freeAttempts; i++) {
      await signInFromAnywhere(wrongCode.bind(null, t), secret);
    }
    expect((await signInFromAnywhere(codeNow.bind(null, t), secret)).statusCode).toBe(429);
    const res = await signInFromAnywhere(() => recoveryCodes[0]!, secret);
    expect(res.statusCode).toBe(200);
    // That sign-in ended the episode: one-time codes are not paused any more.
    later(t, 30_000);
    expect((await signInFromAnywhere(codeNow.bind(null, t), secret)).statusCode).toBe(200);
  });

  it('starts afresh after a new password: whoever guessed no longer has it', async () => {
    const { secret } = await start();
    for (let i = 0; i < CODE_GUESS_LIMIT.freeAttempts; i++) {
      await signInFromAnywhere(wrongCode.bind(null, t), secret);
    }
    expect((await signInFromAnywhere(codeNow.bind(null, t), secret)).statusCode).toBe(429);
    await t.app.admins.save(ADMIN.username, ADMIN.password, t.clock.now);
    expect((await signInFromAnywhere(codeNow.bind(null, t), secret)).statusCode).toBe(200);
  });
});
