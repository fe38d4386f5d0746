import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TotpSecretCipher, totpKeyId } from '../../src/admins/totp-encryption';
import { secureTotpSecrets, TotpKeyError } from '../../src/admins/totp-keys';
import { newTotpSecret } from '../../src/admins/two-factor';
import { buildOnce } from '../support/api-process';
import { ADMIN, createAdmin, login, sessionCookie } from '../support/admin';
import { runJobboard } from '../support/cli';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { codeNow, enrolTwoFactor, passwordStep, sendCode, STEP } from '../support/two-factor';

/** Two keys, as an operator would make them (openssl rand -base64 32). */
const KEY_A = 'l89OQoZ1IuaW4G12WAsDdBRkkBm6rTJZEfzt6gKHl1c=';
const KEY_B = 'ahB/TQzvlVE52nfjOQWk7jkwM/IAUipssMvCRe2HVII=';
const idOf = (key: string) => totpKeyId(Buffer.from(key, 'base64'));

let apps: TestApp[] = [];
afterEach(async () => {
  // The first app made the database: it is closed (and the database dropped) last.
  for (const app of apps.reverse()) await app.close();
  apps = [];
});

/** An app with these keys, on the first app's database (and clock, one step on) if there is one. */
async function appWith(env: Record<string, string>): Promise<TestApp> {
  const first = apps[0];
  const t = await buildTestApp({
    env,
    ...(first
      ? { sameDatabaseAs: first, now: new Date(apps.at(-1)!.clock.now.getTime() + STEP) }
      : {}),
  });
  apps.push(t);
  return t;
}

const stored = async (t: TestApp, username = ADMIN.username) =>
  (await t.db('admins').where({ username }).first('totp_secret', 'totp_pending_secret')) as {
    totp_secret: string | null;
    totp_pending_secret: string | null;
  };

/** The password, then the code of now: the answer's status. */
async function signInWithCode(t: TestApp, secret: string): Promise<number> {
  return (await sendCode(t, await passwordStep(t), codeNow(t, secret))).statusCode;
}

/**
 * Issue 43, finding 9: the admins' two-factor secrets are stored encrypted with a key of their own
 * (TOTP_ENCRYPTION_KEY, AES-256-GCM), rotated with TOTP_ENCRYPTION_KEY_PREVIOUS and `jobboard
 * admin reencrypt-2fa`; a key that opens none of them stops the start.
 */
describe(`the admins' two-factor secrets at rest, on ${testDatabase}`, () => {
  beforeAll(() => buildOnce());

  it('stores neither the secret being set up nor the enrolled one, and sign-in with a code works', async () => {
    const t = await appWith({ TOTP_ENCRYPTION_KEY: KEY_A });
    await createAdmin(t);
    const cookie = sessionCookie(await login(t));
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/two-factor/setup',
      headers: { 'x-requested-with': 'fetch', cookie },
    });
    const { secret } = setup.json<{ secret: string }>();
    const pending = (await stored(t)).totp_pending_secret!;
    expect(pending.startsWith(`v1:${idOf(KEY_A)}:`)).toBe(true);
    expect(pending).not.toContain(secret);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/two-factor/enable',
      payload: { code: codeNow(t, secret) },
      headers: { 'x-requested-with': 'fetch', cookie },
    });
    const row = await stored(t);
    expect(row.totp_pending_secret).toBeNull();
    expect(row.totp_secret!.startsWith(`v1:${idOf(KEY_A)}:`)).toBe(true);
    expect(row.totp_secret).not.toContain(secret);
    // Nothing of the secret in the row at all, whatever column.
    const whole = JSON.stringify(await t.db('admins').where({ username: ADMIN.username }).first());
    expect(whole).not.toContain(secret);

    t.clock.now = new Date(t.clock.now.getTime() + STEP);
    expect(await signInWithCode(t, secret)).toBe(200);
  });

  it('encrypts at the start what an older release kept in clear; the admin signs in before and after', async () => {
    const t = await appWith({ TOTP_ENCRYPTION_KEY: KEY_A });
    await createAdmin(t);
    const { secret } = await enrolTwoFactor(t);
    // As the release before this one left it.
    await t.db('admins').where({ username: ADMIN.username }).update({ totp_secret: secret });
    expect(await signInWithCode(t, secret)).toBe(200);

    expect(await secureTotpSecrets(t.app.admins, t.config.totpEncryption)).toBe(1);
    const sealed = (await stored(t)).totp_secret!;
    expect(sealed.startsWith(`v1:${idOf(KEY_A)}:`)).toBe(true);
    expect(sealed).not.toContain(secret);
    // Once is enough: the next start finds nothing in clear.
    expect(await secureTotpSecrets(t.app.admins, t.config.totpEncryption)).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + STEP);
    expect(await signInWithCode(t, secret)).toBe(200);
  });

  it('rotates: the old key as previous, `jobboard admin reencrypt-2fa`, then the old key removed; sign-in works throughout', async () => {
    const a = await appWith({ TOTP_ENCRYPTION_KEY: KEY_A });
    await createAdmin(a);
    const { secret } = await enrolTwoFactor(a);

    // 1. Every process gets the new key, and the old one as previous: both open.
    const rotating = { TOTP_ENCRYPTION_KEY: KEY_B, TOTP_ENCRYPTION_KEY_PREVIOUS: KEY_A };
    const b = await appWith(rotating);
    await secureTotpSecrets(b.app.admins, b.config.totpEncryption);
    expect(await signInWithCode(b, secret)).toBe(200);

    // 2. The command encrypts every secret again with the new key.
    const run = await runJobboard(['admin', 'reencrypt-2fa'], b.config.database, rotating);
    expect(run.output).toContain(
      `1 two-factor secret(s) encrypted again with TOTP_ENCRYPTION_KEY (key ${idOf(KEY_B)}).`,
    );
    expect(run.code).toBe(0);
    expect((await stored(b)).totp_secret!.startsWith(`v1:${idOf(KEY_B)}:`)).toBe(true);

    // 3. The old key removed: the start passes, and the admin signs in.
    const c = await appWith({ TOTP_ENCRYPTION_KEY: KEY_B });
    await expect(secureTotpSecrets(c.app.admins, c.config.totpEncryption)).resolves.toBe(0);
    expect(await signInWithCode(c, secret)).toBe(200);
  });

  it('stops the start, saying what to do, on a key that does not open the stored secrets', async () => {
    const a = await appWith({ TOTP_ENCRYPTION_KEY: KEY_A });
    await createAdmin(a);
    await enrolTwoFactor(a);

    const wrong = await appWith({ TOTP_ENCRYPTION_KEY: KEY_B });
    const start = secureTotpSecrets(wrong.app.admins, wrong.config.totpEncryption);
    await expect(start).rejects.toThrow(TotpKeyError);
    await expect(start).rejects.toThrow(
      [
        `The two-factor secrets of 1 admin cannot be read with the configured keys (TOTP_ENCRYPTION_KEY is key ${idOf(KEY_B)}):`,
        `  - alice (totp_secret): it was encrypted with key ${idOf(KEY_A)}`,
        'Set the key they were encrypted with as TOTP_ENCRYPTION_KEY, or add it to TOTP_ENCRYPTION_KEY_PREVIOUS, and start again (docs/operations.md, "The two-factor key").',
      ].join('\n'),
    );
    // The command refuses as well, and changes nothing.
    const run = await runJobboard(['admin', 'reencrypt-2fa'], wrong.config.database, {
      TOTP_ENCRYPTION_KEY: KEY_B,
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`alice (totp_secret): it was encrypted with key ${idOf(KEY_A)}`);
    expect((await stored(wrong)).totp_secret!.startsWith(`v1:${idOf(KEY_A)}:`)).toBe(true);
  });

  it("does not open one admin's secret copied onto another admin's row", async () => {
    const t = await appWith({ TOTP_ENCRYPTION_KEY: KEY_A });
    await createAdmin(t);
    await createAdmin(t, { username: 'bob', password: 'another long password' });
    await enrolTwoFactor(t);
    const alices = (await stored(t)).totp_secret;
    await t.db('admins').where({ username: 'bob' }).update({ totp_secret: alices });
    await expect(secureTotpSecrets(t.app.admins, t.config.totpEncryption)).rejects.toThrow(
      `bob (totp_secret): key ${idOf(KEY_A)} does not open it`,
    );
  });

  it('holds the encrypted value in both columns (PostgreSQL had 64 characters)', async () => {
    const t = await appWith({ TOTP_ENCRYPTION_KEY: KEY_A });
    await createAdmin(t);
    const cipher = new TotpSecretCipher(t.config.totpEncryption);
    const { id } = (await t.db('admins').where({ username: ADMIN.username }).first('id')) as {
      id: number;
    };
    // The secrets the board makes are 32 base32 characters: 92 once encrypted.
    const secret = newTotpSecret();
    expect(secret).toHaveLength(32);
    const sealed = cipher.seal(secret, Number(id));
    expect(sealed).toHaveLength(92);
    await t
      .db('admins')
      .where({ id })
      .update({ totp_secret: sealed, totp_pending_secret: cipher.seal(secret, Number(id)) });
    const row = await stored(t);
    expect(cipher.open(row.totp_secret!, Number(id))).toBe(secret);
    expect(cipher.open(row.totp_pending_secret!, Number(id))).toBe(secret);
  });
});
