import { execFile } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../platform/config';
import { postgresBinDir } from '../platform/db/postgres-bin';

/**
 * Backups of the board's database, safe to take while the server runs and writes, and their
 * restore (with the servers stopped). The backup file is written under a temporary name and renamed
 * when complete, so a file by the asked name is always a whole backup.
 *
 * - SQLite: `VACUUM INTO`, a consistent snapshot read through SQLite itself, so the writes still in
 *   the `-wal` file are in it (a copy of the main file alone would miss them, or be torn).
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot of the whole database) and `pg_restore`.
 *
 * A backup holds every e-mail address and session of the board: it is readable by its owner only
 * (0600, whatever the umask), and a backups folder it creates is too (0700).
 */
export async function backupDatabase(database: DatabaseConfig, to: string): Promise<void> {
  mkdirSync(path.dirname(to), { recursive: true, mode: OWNER_ONLY_DIR });
  const partial = `${to}.partial`;
  rmSync(partial, { force: true });
  // Created empty and owner-only before anything is written into it: VACUUM INTO and pg_dump
  // both write into an empty file as they find it.
  writeFileSync(partial, '', { mode: OWNER_ONLY });
  chmodSync(partial, OWNER_ONLY);
  try {
    if (database.client === 'sqlite') await vacuumInto(database.filename, partial);
    else await pgDump(database.connectionString, partial);
    renameSync(partial, to);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Files and folders that hold the board's data: the owner's alone. */
const OWNER_ONLY = 0o600;
const OWNER_ONLY_DIR = 0o700;

/**
 * Replace the database with a backup. Stop every server first: on SQLite the file is swapped
 * under them; on PostgreSQL the restore drops and recreates every table in one transaction.
 * SQLite keeps the file it replaces (and its -wal) beside it as `<file>.before-restore-<time>`.
 */
export async function restoreDatabase(database: DatabaseConfig, from: string): Promise<void> {
  if (!existsSync(from)) throw new Error(`There is no backup at ${from}.`);
  if (database.client === 'sqlite') await restoreSqlite(from, database.filename);
  else await pgRestore(database.connectionString, from);
}

async function vacuumInto(filename: string, to: string): Promise<void> {
  if (!existsSync(filename)) throw new Error(`There is no SQLite database at ${filename}.`);
  await withSqlite(filename, (db) => db.raw('VACUUM INTO ?', [to]));
}

async function restoreSqlite(from: string, filename: string): Promise<void> {
  await withSqlite(from, async (backup) => {
    const [check] = await backup.raw('PRAGMA integrity_check');
    if (check?.integrity_check !== 'ok')
      throw new Error(`${from} is damaged: ${JSON.stringify(check)}`);
    if (!(await backup.schema.hasTable('knex_migrations'))) {
      throw new Error(`${from} is not a backup of the job board (it has no migrations table).`);
    }
  });
  mkdirSync(path.dirname(filename), { recursive: true });
  const incoming = `${filename}.restoring`;
  copyFileSync(from, incoming);
  chmodSync(incoming, OWNER_ONLY);
  // The old file and its write-ahead log move aside together (a -wal left behind would be
  // replayed into the restored file); the shared-memory index is rebuilt on the next open.
  const aside = `${filename}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal']) {
    if (!existsSync(filename + suffix)) continue;
    renameSync(filename + suffix, aside + suffix);
    chmodSync(aside + suffix, OWNER_ONLY);
  }
  rmSync(`${filename}-shm`, { force: true });
  renameSync(incoming, filename);
}

/** One connection of its own to a SQLite file that exists, closed afterwards. */
async function withSqlite<T>(filename: string, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = knexFactory({
    client: 'sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 0,
      max: 1,
      // Wait for the server's writer rather than fail while it commits.
      afterCreate(
        connection: { exec(sql: string, done: (error: Error | null) => void): void },
        done: (error: Error | null, connection: unknown) => void,
      ) {
        connection.exec('PRAGMA busy_timeout = 10000', (error) => done(error, connection));
      },
    },
  });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const run = promisify(execFile);

async function pgDump(connectionString: string, to: string): Promise<void> {
  await postgresTool('pg_dump', connectionString, ['--format=custom', `--file=${to}`]);
}

async function pgRestore(connectionString: string, from: string): Promise<void> {
  await postgresTool('pg_restore', connectionString, [
    // Drop what the database has of ours first, all in one transaction that stops at any error,
    // so a failed restore leaves the database as it was.
    '--clean',
    '--if-exists',
    '--single-transaction',
    '--exit-on-error',
    // The tables belong to whoever restores them (the board's user), whatever the old owner was.
    '--no-owner',
    '--no-privileges',
    from,
  ]);
}

/**
 * Run pg_dump / pg_restore on the database of DATABASE_URL. The password goes through PGPASSWORD,
 * not the command line, where any user of the machine could read it (ps).
 */
async function postgresTool(program: string, connectionString: string, args: string[]) {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  try {
    await run(
      path.join(postgresBinDir(program), program),
      [`--dbname=${url.toString()}`, ...args],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`${program} failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}
