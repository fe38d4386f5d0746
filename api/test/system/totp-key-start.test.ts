import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpKeyId } from '../../src/admins/totp-encryption';
import { newTotpSecret, totpCode } from '../../src/admins/two-factor';
import type { DatabaseConfig } from '../../src/platform/config';
import { createKnex } from '../../src/platform/db/knex';
import {
  API_PROCESS_ADMIN,
  API_PROCESS_HUMAN_PROOF_SECRET,
  API_PROCESS_TOTP_KEY,
  ApiProcess,
  buildOnce,
} from '../support/api-process';
import { API_DIR } from '../support/paths';
import { freshDatabase, testDatabase } from '../support/test-app';

/**
 * Issue 43, finding 9, as production starts: a secret an older release kept in clear is encrypted
 * by the start and signs in afterwards; a key that opens none of the stored secrets stops the
 * start (exit 1, the message, no stack) rather than serve admins whose every code would fail.
 */

let database: DatabaseConfig;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await freshDatabase());
});
afterAll(() => dispose());

const OTHER_KEY = 'Z2MJDacNd51WMQUw70AntvRrCsrLG6gmUP3NkI5eIYk=';
const keyIdOf = (key: string) => totpKeyId(Buffer.from(key, 'base64'));

async function onDatabase<T>(work: (db: ReturnType<typeof createKnex>) => Promise<T>): Promise<T> {
  const db = createKnex(database);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The password, then the code of now (the real clock: this is a real server). */
async function signIn(server: ApiProcess, secret: string): Promise<number> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };
  const password = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(API_PROCESS_ADMIN),
  });
  expect(await password.json()).toEqual({ username: API_PROCESS_ADMIN.username, next: 'code' });
  const cookie = password.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const code = await fetch(`${server.url}/api/admin/login/code`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ code: totpCode(secret, Date.now()) }),
  });
  return code.status;
}

describe(`the production start and the two-factor key, on ${testDatabase}`, () => {
  let server: ApiProcess | undefined;
  afterAll(() => server?.stop('SIGKILL'));

  it('encrypts a secret kept in clear by an older release, and the admin signs in with a code', async () => {
    server = await ApiProcess.start({ database });
    await server.stop();
    const secret = newTotpSecret();
    await onDatabase((db) =>
      db('admins')
        .where({ username: API_PROCESS_ADMIN.username })
        .update({ totp_secret: secret, totp_enabled_at: Date.now() }),
    );

    await server.restart();
    const stored = await onDatabase(async (db) => {
      const row = await db('admins')
        .where({ username: API_PROCESS_ADMIN.username })
        .first('totp_secret');
      return String(row.totp_secret);
    });
    expect(stored.startsWith(`v1:${keyIdOf(API_PROCESS_TOTP_KEY)}:`)).toBe(true);
    expect(stored).not.toContain(secret);
    expect(await signIn(server, secret)).toBe(200);
    await server.stop();
  });

  it('refuses to start on a key that opens none of the stored secrets: exit 1, what to do, no stack', () => {
    buildOnce();
    const result = spawnSync(process.execPath, ['dist/server.js'], {
      cwd: API_DIR,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://127.0.0.1:1',
        SESSION_SECRET: 'api-process-secret-api-process-secret-0001',
        TOTP_ENCRYPTION_KEY: OTHER_KEY,
        HUMAN_PROOF_SECRET: API_PROCESS_HUMAN_PROOF_SECRET,
        MAIL_DISABLED: 'true',
        LOG_LEVEL: 'warn',
        MAIL_POLL_SECONDS: '0',
        ...(database.client === 'sqlite'
          ? { SQLITE_FILE: database.filename }
          : { DATABASE_URL: database.connectionString }),
      },
    });
    expect(result.stderr).toBe(
      [
        `The two-factor secrets of 1 admin cannot be read with the configured keys (TOTP_ENCRYPTION_KEY is key ${keyIdOf(OTHER_KEY)}):`,
        `  - ${API_PROCESS_ADMIN.username} (totp_secret): it was encrypted with key ${keyIdOf(API_PROCESS_TOTP_KEY)}`,
        'Set the key they were encrypted with as TOTP_ENCRYPTION_KEY, or add it to TOTP_ENCRYPTION_KEY_PREVIOUS, and start again (docs/operations.md, "The two-factor key").',
        'If that key is lost, those admins cannot use their codes: `jobboard admin reset-2fa <username>` turns their two-factor sign-in off, and they set it up again.',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('Job board ready at');
  });
});
