import type { Knex } from 'knex';
import { migrations } from '../platform/db/migrations';

/**
 * What `jobboard migrate status` prints: each applied migration with its batch and time (knex's
 * `knex_migrations` table), and whether this release has it. Applying and undoing are
 * src/db/migrate.ts's (`migrateLatest`, `migrateDown`: under the migration lock), as the server's.
 */

export interface MigrationStatus {
  /** Applied, oldest first, with when; `known` is false for one this build does not have. */
  applied: { name: string; batch: number; at: string; known: boolean }[];
  /** This build's migrations the database has not applied, oldest first. */
  pending: string[];
}

/** Which of this build's migrations the database has, which it lacks, and any this build lacks. */
export async function migrationDetails(db: Knex): Promise<MigrationStatus> {
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
