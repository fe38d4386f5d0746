import type { Knex } from 'knex';
import { dialectOf } from './knex';
import { migrations } from './migrations';

/**
 * The migrations of api/migrations, oldest first (migrations.ts finds them in their folder, from
 * source or in the build), handed to knex as they are.
 */
const source: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

/** Knex's bookkeeping tables (its defaults). */
const MIGRATIONS_TABLE = 'knex_migrations';
const LOCK_TABLE = 'knex_migrations_lock';

/**
 * Where the database stands against this build's migrations (`jobboard migrate status`, /readyz,
 * the start): `applied` are this build's migrations the database has, `pending` the ones it lacks
 * (the schema is behind: run the migrations), `unknownApplied` migrations the database has that
 * this build does not know (the schema is ahead: a newer release migrated it, and this older
 * build was rolled back to; it keeps serving, see docs/decisions/expand-contract-migrations.md).
 * Each list is oldest first. Reads knex's table only: no lock, no change.
 */
export interface MigrationStatus {
  applied: string[];
  pending: string[];
  unknownApplied: string[];
}

export async function migrationStatus(db: Knex): Promise<MigrationStatus> {
  const done: string[] = (await db.schema.hasTable(MIGRATIONS_TABLE))
    ? await db(MIGRATIONS_TABLE).orderBy('name').pluck<string[]>('name')
    : [];
  const doneSet = new Set(done);
  const known = new Set(migrations.map((migration) => migration.name));
  const names = migrations.map((migration) => migration.name);
  return {
    applied: names.filter((name) => doneSet.has(name)),
    pending: names.filter((name) => !doneSet.has(name)),
    unknownApplied: done.filter((name) => !known.has(name)),
  };
}

/**
 * Apply every pending migration; returns their names, oldest first (none: []). Two processes
 * starting together must not both migrate. Knex's own lock is a row it sets inside its migration
 * transaction, but it creates its tables and that row without any lock, so two starts on a fresh
 * database collide ("already exists", two lock rows), and a start that finds the row locked throws
 * instead of waiting. So:
 * - PostgreSQL: the whole run holds a transaction-level advisory lock; a second process waits for
 *   it, then finds nothing left to do. The server drops the lock if its process dies.
 * - SQLite (one host, writes serialized by the file's lock): knex's tables and its one lock row are
 *   created race-free first, then a run that finds the lock taken (or the file busy) retries until
 *   the other has finished.
 *
 * A schema ahead of this build (migrations applied that it does not know) is not an error: knex's
 * check of the list ("the migration directory is corrupt") is off, so an older build started with
 * MIGRATE_ON_START=true after a rollback applies what it lacks, if anything, and starts.
 */
export async function migrateLatest(db: Knex): Promise<string[]> {
  return withMigrationLock(db, () => latest(db));
}

/**
 * Undo the last migration applied (`jobboard migrate down`), returning its name, or null when none
 * is applied. Refused when that migration is one this build does not know (the schema is ahead):
 * only the build that has its `down` can undo it, and undoing an older one beneath it would leave
 * the schema in a state no release ever had.
 */
export async function migrateDown(db: Knex): Promise<string | null> {
  return withMigrationLock(db, async () => {
    const done: string[] = (await db.schema.hasTable(MIGRATIONS_TABLE))
      ? await db(MIGRATIONS_TABLE).orderBy('name').pluck<string[]>('name')
      : [];
    const last = done.at(-1);
    if (last === undefined) return null;
    if (!migrations.some((migration) => migration.name === last)) {
      throw new SchemaAheadError(last);
    }
    await db.migrate.down({ migrationSource: source, name: last });
    return last;
  });
}

/** `migrateDown` refused: the last applied migration belongs to a newer build. */
export class SchemaAheadError extends Error {
  constructor(readonly migration: string) {
    super(
      `The last migration applied, ${migration}, is not part of this build (the schema is ahead of it): undo it with the release that added it`,
    );
    this.name = 'SchemaAheadError';
  }
}

/** Undo every migration this build knows (tests only: drops every table and its data). */
export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback(
    { migrationSource: source, disableMigrationsListValidation: true },
    true,
  );
}

/** Every migration in api/migrations that the database has not applied, oldest first. */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  return (await migrationStatus(db)).pending;
}

async function withMigrationLock<T>(db: Knex, run: () => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return withAdvisoryLock(db, run);
  return retryWhileAnotherMigrates(async () => {
    await ensureSqliteBookkeeping(db);
    return run();
  });
}

async function latest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({
    migrationSource: source,
    disableMigrationsListValidation: true,
  })) as [number, string[]];
  return applied;
}

/** Any number: the key every process of this board takes around its migrations. */
const MIGRATIONS_ADVISORY_LOCK = 7_204_113_001;

async function withAdvisoryLock<T>(db: Knex, run: () => Promise<T>): Promise<T> {
  // The lock lives as long as this transaction, on a connection of its own; the migrations run
  // on others from the pool.
  return db.transaction(async (lock) => {
    await lock.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATIONS_ADVISORY_LOCK]);
    // Only lock holders migrate, so a knex lock still set now was left by a run that died: free it.
    await db.migrate.forceFreeMigrationsLock({ migrationSource: source });
    return run();
  });
}

/**
 * Knex's tables exactly as knex makes them (`create table if not exists`), and its lock row with a
 * fixed key, so two processes racing here end with one of each rather than an error or two rows
 * (with two rows knex could never take its lock again).
 */
async function ensureSqliteBookkeeping(db: Knex): Promise<void> {
  await db.raw(
    `create table if not exists \`${MIGRATIONS_TABLE}\` (\`id\` integer not null primary key autoincrement, \`name\` varchar(255), \`batch\` integer, \`migration_time\` datetime)`,
  );
  await db.raw(
    `create table if not exists \`${LOCK_TABLE}\` (\`index\` integer not null primary key autoincrement, \`is_locked\` integer)`,
  );
  await db.raw(
    `insert or ignore into \`${LOCK_TABLE}\` (\`index\`, \`is_locked\`) select 1, 0 where not exists (select 1 from \`${LOCK_TABLE}\`)`,
  );
}

/** How long a start waits for another process's migrations (SQLite) before giving up. */
const MIGRATION_WAIT_MS = 60_000;

async function retryWhileAnotherMigrates<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    try {
      return await run();
    } catch (error) {
      if (!anotherProcessIsMigrating(error)) throw error;
      if (Date.now() + delay > deadline) {
        throw new Error(
          `The database's migrations stayed locked for ${MIGRATION_WAIT_MS / 1000} s. If no other ` +
            `process is migrating, a run died holding the lock: set is_locked = 0 in ${LOCK_TABLE}.`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Knex found its lock taken, or SQLite's write lock was held past the busy timeout. */
function anotherProcessIsMigrating(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'MigrationLocked' || code === 'SQLITE_BUSY';
}
