import type { Knex } from 'knex';
import { migrations } from '../db/migrations';

/**
 * What `jobboard migrate status` and `jobboard migrate down` do, over knex's own bookkeeping
 * (its `knex_migrations` table and `migrate.down`). One small module on purpose: when
 * src/db/migrate.ts grows its own `migrationStatus` / `migrateDown` (issue 27, the
 * MIGRATE_ON_START slice), the CLI points at those and this file goes.
 */

/** The source knex runs: this build's migrations, oldest first, as src/db/migrate.ts hands them. */
const source: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

export interface MigrationStatus {
  /** Applied, oldest first, with when; `known` is false for one this build does not have. */
  applied: { name: string; batch: number; at: string; known: boolean }[];
  /** This build's migrations the database has not applied, oldest first. */
  pending: string[];
}

/** Which of this build's migrations the database has, which it lacks, and any this build lacks. */
export async function migrationStatus(db: Knex): Promise<MigrationStatus> {
  const known = new Set(migrations.map((migration) => migration.name));
  const rows = (await db.schema.hasTable('knex_migrations'))
    ? await db('knex_migrations')
        .select<{ name: string; batch: number; migration_time: unknown }[]>(
          'name',
          'batch',
          'migration_time',
        )
        .orderBy('id')
    : [];
  const applied = rows.map((row) => ({
    name: row.name,
    batch: Number(row.batch),
    at: timeOf(row.migration_time),
    known: known.has(row.name),
  }));
  const done = new Set(applied.map((row) => row.name));
  return {
    applied,
    pending: migrations.map((migration) => migration.name).filter((name) => !done.has(name)),
  };
}

/** SQLite keeps the time as milliseconds or text, PostgreSQL as a timestamp. */
function timeOf(value: unknown): string {
  const date =
    value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/**
 * Undo the newest applied migration (its `down`), one only. Refused when the newest one is not
 * this build's (a newer release applied it: undo it with that release's `jobboard`), or when
 * nothing is applied. Returns the name undone.
 */
export async function migrateDown(db: Knex): Promise<string> {
  const { applied } = await migrationStatus(db);
  const last = applied.at(-1);
  if (!last) throw new Error('No migration is applied: there is nothing to undo.');
  if (!last.known) {
    throw new Error(
      `The newest migration applied, ${last.name}, is not in this release: undo it with the ` +
        'release that has it (its own `jobboard migrate down`).',
    );
  }
  const [, undone] = (await db.migrate.down({ migrationSource: source })) as [unknown, string[]];
  if (undone.length !== 1 || undone[0] !== last.name) {
    throw new Error(`Expected to undo ${last.name}; knex undid ${undone.join(', ') || 'nothing'}.`);
  }
  return last.name;
}
