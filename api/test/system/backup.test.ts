import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/platform/config';
import { createJobs } from '../support/jobs';
import { buildOnce } from '../support/api-process';
import { buildTestApp, freshDatabase, testDatabase, type TestApp } from '../support/test-app';
import { API_DIR } from '../support/paths';

/**
 * `jobboard backup [--to <file>]` while the server writes, and `jobboard restore <file>` into a
 * fresh database: the built command (what `pnpm --filter @jobboard/api backup` runs), with the
 * server's database settings.
 */

let t: TestApp;
let dir: string;
const disposals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  buildOnce();
  dir = mkdtempSync(path.join(tmpdir(), 'jobboard-backup-'));
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  for (const dispose of disposals) await dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The server's database settings, as the environment gives them to a command. */
function envOf(database: DatabaseConfig): Record<string, string> {
  return database.client === 'postgres'
    ? { DATABASE_URL: database.connectionString }
    : { SQLITE_FILE: database.filename };
}

/**
 * `node dist/cli.js <command> -- <args>` in api/, as its pnpm script runs it (pnpm passes the
 * `--` on), with DATA_DIR in the test's folder; resolves with its output.
 */
function command(name: string, args: string[], database: DatabaseConfig) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['dist/cli.js', name, '--', ...args], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH!, ...envOf(database), INIT_CWD: dir, DATA_DIR: dir },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const titles = async (db: TestApp['db']) =>
  (await db('jobs').orderBy('id').pluck('title')) as string[];

describe(`backup and restore on ${testDatabase}`, () => {
  it('backs up while jobs are written, and the restore into a fresh database has them', async () => {
    await createJobs(
      t.app,
      Array.from({ length: 30 }, (_, i) => ({ title: `Before Backup ${i}` })),
    );

    // Jobs keep being written, one after another, for as long as the backup runs (on SQLite they
    // sit in the write-ahead log: a copy of the main file alone would not have them).
    let writing = true;
    let written = 0;
    let firstWritten!: () => void;
    const writtenOne = new Promise<void>((resolve) => (firstWritten = resolve));
    const writer = (async () => {
      while (writing) {
        await createJobs(t.app, [{ title: `During Backup ${written++}` }]);
        firstWritten();
      }
    })();
    await Promise.race([writtenOne, writer]); // one job written (or the writer's error)
    const committedBefore = await titles(t.db);
    const backup = await command('backup', ['--to', 'board.backup'], t.config.database);
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(path.join(dir, 'board.backup'));
    const committedAfter = await titles(t.db);
    expect(written).toBeGreaterThan(0);

    const fresh = await freshDatabase();
    disposals.push(fresh.dispose);
    const restore = await command('restore', ['board.backup'], fresh.database);
    expect(restore.code, restore.output).toBe(0);

    const restored = await buildTestApp({ database: fresh.database, migrate: false });
    try {
      // One consistent moment: everything committed before the backup began, in order, and
      // nothing that was not committed by the time it ended.
      const jobs = await titles(restored.db);
      expect(jobs.slice(0, committedBefore.length)).toEqual(committedBefore);
      expect(committedAfter.slice(0, jobs.length)).toEqual(jobs);
      // A working database: migrated, searchable (its search index came along), ready.
      expect((await restored.app.inject('/readyz')).statusCode).toBe(200);
      const search = await restored.app.inject({
        method: 'POST',
        url: '/api/jobs/search',
        payload: { query: 'before backup 7' },
      });
      expect(search.json().jobs.map((job: { title: string }) => job.title)).toContain(
        'Before Backup 7',
      );
      // New rows get new ids (PostgreSQL's sequences came along too).
      await createJobs(restored.app, [{ title: 'After Restore' }]);
      expect((await titles(restored.db)).at(-1)).toBe('After Restore');
    } finally {
      await restored.close();
    }
  });

  it.runIf(testDatabase === 'sqlite')(
    'restoring over a SQLite database keeps the replaced file (and its log) beside it',
    async () => {
      const target = path.join(dir, 'existing', 'board.sqlite');
      const existing = await buildTestApp({ database: { client: 'sqlite', filename: target } });
      await createJobs(existing.app, [{ title: 'Only In The Old File' }]);
      await existing.close();

      const restore = await command('restore', ['board.backup'], {
        client: 'sqlite',
        filename: target,
      });
      expect(restore.code, restore.output).toBe(0);
      const aside = readdirSync(path.dirname(target)).filter((name) =>
        name.startsWith('board.sqlite.before-restore-'),
      );
      expect(aside.filter((name) => !name.endsWith('-wal'))).toHaveLength(1);
      // The restored file and the one kept aside are the owner's alone.
      for (const name of [path.basename(target), ...aside]) {
        expect(statSync(path.join(path.dirname(target), name)).mode & 0o777, name).toBe(0o600);
      }

      const restored = await buildTestApp({ database: { client: 'sqlite', filename: target } });
      const old = await buildTestApp({
        database: { client: 'sqlite', filename: path.join(path.dirname(target), aside[0]!) },
      });
      try {
        expect(await titles(restored.db)).toContain('Before Backup 0');
        expect(await titles(restored.db)).not.toContain('Only In The Old File');
        expect(await titles(old.db)).toEqual(['Only In The Old File']);
      } finally {
        await restored.close();
        await old.close();
      }
    },
  );

  it('writes the backup into DATA_DIR/backups when no file is given', async () => {
    const backup = await command('backup', [], t.config.database);
    expect(backup.code, backup.output).toBe(0);
    const [file] = readdirSync(path.join(dir, 'backups'));
    expect(file).toMatch(/^board-\d{4}-\d\d-\d\dT[\d-]+Z\.backup$/);
    expect(backup.output).toContain(path.join(dir, 'backups', file!));
    // It holds every address of the board: the owner's alone, whatever the umask (022 here).
    expect(process.umask() & 0o077).not.toBe(0o077);
    expect(statSync(path.join(dir, 'backups', file!)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, 'backups')).mode & 0o777).toBe(0o700);
  });

  it('refuses a missing backup, and a file that is not one, leaving the database alone', async () => {
    const missing = await command('restore', ['no-such.backup'], t.config.database);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('There is no backup at');
    writeFileSync(path.join(dir, 'notes.txt'), 'not a backup at all\n'.repeat(100));
    const notABackup = await command('restore', ['notes.txt'], t.config.database);
    expect(notABackup.code).toBe(1);
    expect(notABackup.output).toMatch(/not a database|not .*valid archive/);
    const noFile = await command('restore', [], t.config.database);
    expect(noFile.code).toBe(2);
    expect(noFile.output).toContain("missing required argument 'file'");
    expect((await titles(t.db)).length).toBeGreaterThan(30);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });
});
