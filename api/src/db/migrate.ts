import type { Knex } from 'knex';
import { migrations } from '../../migrations';

/**
 * Migrations are listed in code (api/migrations/index.ts) rather than discovered on disk, so the
 * same list runs under tsx, vitest and any bundler, and the order is explicit.
 */
const source: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource: source }, true);
}

/** Every migration in api/migrations/index.ts that the database has not applied, oldest first. */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const applied = new Set(
    (await db.schema.hasTable('knex_migrations'))
      ? await db('knex_migrations').pluck<string[]>('name')
      : [],
  );
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}
