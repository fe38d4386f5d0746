import type { Knex } from 'knex';
import { migrations } from '../../src/platform/db/migrations';

/** The API's migrations as Knex's source, for a test that walks the schema down and up. */
export const migrationSource = {
  getMigrations: async () => migrations,
  getMigrationName: (m: (typeof migrations)[number]) => m.name,
  getMigration: async (m: (typeof migrations)[number]) => m,
};

/** Undo every migration from the newest down to `name`, itself included. */
export async function migrateDownThrough(db: Knex, name: string): Promise<void> {
  const first = migrations.findIndex((m) => m.name === name);
  if (first < 0) throw new Error(`no migration ${name}`);
  for (let i = migrations.length - 1; i >= first; i--) {
    await db.migrate.down({ migrationSource });
  }
}
