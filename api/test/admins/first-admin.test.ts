import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PASSWORD_FILE_NAME,
  dataDirOf,
  ensureFirstAdmin,
  firstAdminPasswordNotice,
} from '../../src/admins/first-admin';
import { login } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { loadConfig } from '../../src/platform/config';

let t: TestApp;
let dir: string;
const lines: string[] = [];
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'jobboard-data-'));
  t = await buildTestApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
  lines.length = 0;
});

describe(`the generated first-admin password on ${testDatabase}`, () => {
  it('goes to a file only the owner can read when nobody watches a terminal, never to the output', async () => {
    const admin = await ensureFirstAdmin(t.app);
    expect(admin).toMatchObject({ created: true, username: 'admin' });
    const password = admin.created ? admin.generatedPassword! : '';
    expect(password.length).toBeGreaterThanOrEqual(20);

    const notice = firstAdminPasswordNotice(admin, { interactive: false, dataDir: dir });
    const file = path.join(dir, PASSWORD_FILE_NAME);
    expect(notice.join('\n')).toContain(file);
    expect(notice.join('\n')).not.toContain(password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(`username: admin\npassword: ${password}\n`);
    // The password in the file is the one that signs in; the log never saw it.
    const res = await login(t, { username: 'admin', password });
    expect(res.statusCode).toBe(200);
    expect(lines.join('\n')).not.toContain(password);
  });

  it('replaces an older file, whatever its mode, with an owner-only one', async () => {
    const file = path.join(dir, PASSWORD_FILE_NAME);
    writeFileSync(file, 'old content', { mode: 0o644 });
    const admin = await ensureFirstAdmin(t.app);
    firstAdminPasswordNotice(admin, { interactive: false, dataDir: dir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('old content');
  });

  it('creates the data folder for the owner only when it is missing', async () => {
    const nested = path.join(dir, 'fresh', 'data');
    firstAdminPasswordNotice(await ensureFirstAdmin(t.app), {
      interactive: false,
      dataDir: nested,
    });
    expect(statSync(nested).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(nested, PASSWORD_FILE_NAME)).mode & 0o777).toBe(0o600);
  });

  it('is shown once on a terminal, and then written nowhere', async () => {
    const admin = await ensureFirstAdmin(t.app);
    const notice = firstAdminPasswordNotice(admin, { interactive: true, dataDir: dir });
    expect(notice.join('\n')).toContain(admin.created ? admin.generatedPassword! : '?');
    expect(() => statSync(path.join(dir, PASSWORD_FILE_NAME))).toThrow();
    // A later start (an admin exists) shows no password at all.
    const again = await ensureFirstAdmin(t.app);
    expect(again).toEqual({ created: false });
    expect(firstAdminPasswordNotice(again, { interactive: true, dataDir: dir })).toEqual([
      'forgot the password? pnpm --filter @jobboard/api admin:create -- --username <name>',
    ]);
  });

  it('keeps its files in DATA_DIR, ./data by default, with either database', () => {
    expect(dataDirOf(loadConfig({ DATA_DIR: '/srv/board' }))).toBe('/srv/board');
    expect(dataDirOf(loadConfig({ DATABASE_URL: 'postgres://x/y' }))).toBe(path.resolve('data'));
  });
});
