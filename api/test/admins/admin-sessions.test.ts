import { spawn } from 'node:child_process';
import path from 'node:path';
import { BACKGROUND_POLL_HEADER } from '@jobboard/contract/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KnexSessionStore } from '../../src/admins/session-store';
import { migrations } from '../../src/platform/db/migrations';
import { ADMIN, CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
  await createAdmin(t);
});
afterEach(() => t.close());

const MINUTE = 60_000;
const BOB = { username: 'bob', password: 'bob has a long password' };
const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const checkAuth = (cookie: string) =>
  t.app.inject({ url: '/api/admin/check-auth', headers: { cookie } });
/** Sessions that still sign someone in (an ended one keeps its row, marked, until it expires). */
const sessionRows = async () =>
  Number((await t.db('sessions').whereNull('ended_at').count({ n: '*' }))[0]!.n);
const signIn = async (who = ADMIN) => sessionCookie(await login(t, who));

/** `jobboard admin create` (from source), as an operator runs it, on this test's database. */
function adminCreateCli(username: string, password: string): Promise<string> {
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
      ['src/cli/jobboard.ts', 'admin', 'create', '--username', username, '--password-stdin'],
      { env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    cli.stdout.on('data', (chunk) => (output += chunk));
    cli.stderr.on('data', (chunk) => (output += chunk));
    cli.on('error', reject);
    cli.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
    cli.stdin.end(`${password}\n`);
  });
}

describe(`logout ends the session for good on ${testDatabase}`, () => {
  it('a request that loaded the session before the logout cannot bring it back when it saves', async () => {
    const cookie = await signIn();
    // A list the dashboard asked for before the admin pressed Logout: it has loaded the session
    // and saves it (its activity) when it finishes, after the logout.
    const [row] = await t.db('sessions').select('*');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...CSRF, cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(await sessionRows()).toBe(0);

    const store = new KnexSessionStore(t.db, 30 * MINUTE, 12 * 60 * MINUTE, () =>
      t.clock.now.getTime(),
    );
    await new Promise<void>((resolve, reject) =>
      store.set(row.sid, JSON.parse(row.data), (error) => (error ? reject(error) : resolve())),
    );
    expect(await sessionRows()).toBe(0);
    expect((await checkAuth(cookie)).statusCode).toBe(401);
  });
});

describe(`a new password or a removed admin ends their sessions on ${testDatabase}`, () => {
  it('signs the admin out everywhere when admin:create sets a new password', async () => {
    await createAdmin(t, BOB);
    const [laptop, phone, bobs] = [await signIn(), await signIn(), await signIn(BOB)];
    expect((await checkAuth(laptop)).statusCode).toBe(200);

    const output = await adminCreateCli('alice', 'a brand new password 2026');
    expect(output).toMatch(/Password of alice updated; every session of alice/);

    for (const cookie of [laptop, phone]) {
      const res = await checkAuth(cookie);
      expect(res.statusCode).toBe(401);
    }
    expect((await checkAuth(bobs)).statusCode).toBe(200); // other admins stay signed in
    expect(await sessionRows()).toBe(1);
    expect(
      (await login(t, { username: 'alice', password: 'a brand new password 2026' })).statusCode,
    ).toBe(200);
  }, 30_000);

  it('refuses a session signed in before the change even if its row was written back', async () => {
    const cookie = await signIn();
    const [row] = await t.db('sessions').select('*');
    later(MINUTE);
    await t.app.admins.save('alice', 'a brand new password 2026', t.clock.now);
    expect(await sessionRows()).toBe(0);
    // A request in flight during the change writes its session back afterwards, whatever the
    // ended mark says (the worst case: an older server still running through a deploy).
    await t.db('sessions').insert(row).onConflict('sid').merge();
    expect((await checkAuth(cookie)).statusCode).toBe(401);
    expect(await sessionRows()).toBe(0); // and it is destroyed
  });

  it('ends the sessions of an admin who is deleted, however the row goes', async () => {
    await createAdmin(t, BOB);
    const alices = await signIn();
    const bobs = await signIn(BOB);
    const [bobRow] = await t.db('sessions').where({ admin_id: (await adminId('bob'))! });
    await t.db('admins').where({ username: 'bob' }).delete();
    expect((await checkAuth(bobs)).statusCode).toBe(401);
    expect((await checkAuth(alices)).statusCode).toBe(200);
    // Even a session row that outlived its admin (no link to it) is refused.
    await t.db('sessions').insert({ ...bobRow, admin_id: null });
    expect((await checkAuth(bobs)).statusCode).toBe(401);
  });
});

async function adminId(username: string): Promise<number | undefined> {
  const row = await t.db('admins').where({ username }).first('id');
  return row ? Number(row.id) : undefined;
}

describe(`background polls are not activity on ${testDatabase}`, () => {
  const poll = (cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/admin/submissions', headers: { cookie, ...headers } });
  const POLL = { [BACKGROUND_POLL_HEADER]: '1' };

  it('lets an unattended tab that polls every 30 seconds time out after 30 idle minutes', async () => {
    const cookie = await signIn();
    let minutes = 0;
    for (; minutes < 60; minutes += 0.5) {
      later(30_000);
      const res = await poll(cookie, POLL);
      if (res.statusCode !== 200) break;
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(minutes).toBeGreaterThanOrEqual(29.5);
    expect(minutes).toBeLessThan(30.5);
    expect((await poll(cookie)).statusCode).toBe(401);
  });

  it('keeps the stored idle expiry where the last real use put it', async () => {
    const cookie = await signIn();
    const expiry = async () => Number((await t.db('sessions').first('expires_at')).expires_at);
    const signedInUntil = await expiry();
    later(10 * MINUTE);
    expect((await poll(cookie, POLL)).statusCode).toBe(200);
    expect(await expiry()).toBe(signedInUntil);
    expect((await poll(cookie)).statusCode).toBe(200); // a real use pushes it on
    expect(await expiry()).toBe(signedInUntil + 10 * MINUTE);
  });

  it('counts the same requests without the header as activity, and the header on a write is ignored', async () => {
    const cookie = await signIn();
    for (let i = 0; i < 4; i++) {
      later(20 * MINUTE);
      expect((await poll(cookie)).statusCode).toBe(200);
    }
    later(20 * MINUTE);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: 'SPRING', percentOff: 10 },
      headers: { ...CSRF, ...POLL, cookie },
    });
    expect(write.statusCode).toBe(201);
    later(20 * MINUTE);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
  });
});

describe(`the sessions migration on ${testDatabase}`, () => {
  it("links each existing session to its admin and drops sessions that are nobody's", async () => {
    const cookie = await signIn();
    const id = (await adminId('alice'))!;
    const source = {
      getMigrations: async () => migrations,
      getMigrationName: (m: (typeof migrations)[number]) => m.name,
      getMigration: async (m: (typeof migrations)[number]) => m,
    };
    const last = migrations.findIndex((m) => m.name === '20261123200100_sessions_per_admin');
    for (let i = migrations.length - 1; i >= last; i--) {
      await t.db.migrate.down({ migrationSource: source });
    }
    const now = t.clock.now.getTime();
    await t.db('sessions').insert([
      {
        sid: 'orphan',
        data: JSON.stringify({ admin: { id: 999 } }),
        expires_at: now + MINUTE,
        absolute_expires_at: now + MINUTE,
        created_at: now,
      },
      {
        sid: 'broken',
        data: '{not json',
        expires_at: now + MINUTE,
        absolute_expires_at: now + MINUTE,
        created_at: now,
      },
    ]);
    await t.db.migrate.latest({ migrationSource: source });
    const rows = await t.db('sessions').select('sid', 'admin_id');
    expect(rows.map((r) => Number(r.admin_id))).toEqual([id]);
    expect((await checkAuth(cookie)).statusCode).toBe(200);
  });
});
