import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from '../../../migrations/migration';
import { MIGRATIONS_DIR } from '../layout';

/**
 * A migration's file: a 14-digit timestamp, then what it does (`20261124000100_label_keys.ts`).
 * Files sort by name in the order they were written; nothing else in the folder is a migration.
 */
export const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.(?:ts|js)$/;

/**
 * The migrations of a folder, oldest first: every migration file there, in the order of its name.
 * Found from the folder rather than a list kept by hand (which two branches adding a migration
 * each changed on the same line). Each file's default export is its Migration, named as the file.
 */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const name = path.basename(file, path.extname(file));
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default?: Migration;
    };
    const migration = module.default;
    if (!migration || typeof migration.up !== 'function' || typeof migration.down !== 'function') {
      throw new Error(`${file} does not export a migration (export default { name, up, down })`);
    }
    if (migration.name !== name) {
      throw new Error(`${file} names its migration '${migration.name}': it must be '${name}'`);
    }
    migrations.push(migration);
  }
  if (new Set(migrations.map((m) => m.name.slice(0, 14))).size !== migrations.length) {
    throw new Error(`Two migrations in ${dir} share a timestamp: give the newer one its own`);
  }
  return migrations;
}

/** Every migration of the API, oldest first, as found when it started. */
export const migrations: Migration[] = await loadMigrations();
