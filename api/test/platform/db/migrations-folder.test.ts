import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_FILE, loadMigrations, migrations } from '../../../src/platform/db/migrations';
import { API_DIR } from '../../support/source-files';

/**
 * The migrations are found in their folder (api/migrations), not in a list kept by hand: every
 * file named `<timestamp>_<what>` there, oldest first. The build ships the same files
 * (production-server.test.ts starts from it on an empty database).
 */
const FOLDER = path.join(API_DIR, 'migrations');
const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A folder of migration files written as plain JavaScript. */
function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-migrations-'));
  scratch.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  return dir;
}

const migrationNamed = (name: string) =>
  `export default { name: '${name}', async up() {}, async down() {} };\n`;

describe('the migrations folder', () => {
  it('holds every migration, oldest first, each named as its file', () => {
    const files = readdirSync(FOLDER)
      .filter((file) => MIGRATION_FILE.test(file))
      .sort();
    expect(files.length).toBeGreaterThan(50);
    expect(migrations.map((m) => `${m.name}.ts`)).toEqual(files);
    // Nothing else in the folder but the Migration type and its helpers.
    expect(readdirSync(FOLDER).filter((file) => !MIGRATION_FILE.test(file))).toEqual([
      'migration.ts',
    ]);
  });

  it('loads a folder in the order of its timestamps, whatever order the files are listed in', async () => {
    const dir = folderWith({
      '20990101000200_second.js': migrationNamed('20990101000200_second'),
      '20990101000100_first.js': migrationNamed('20990101000100_first'),
      'helpers.js': 'export const x = 1;\n',
    });
    expect((await loadMigrations(dir)).map((m) => m.name)).toEqual([
      '20990101000100_first',
      '20990101000200_second',
    ]);
  });

  it('refuses a migration named other than its file, and two with one timestamp', async () => {
    const misnamed = folderWith({
      '20990101000100_first.js': migrationNamed('20990101000100_other'),
    });
    await expect(loadMigrations(misnamed)).rejects.toThrow(/must be '20990101000100_first'/);
    const twins = folderWith({
      '20990101000100_one.js': migrationNamed('20990101000100_one'),
      '20990101000100_two.js': migrationNamed('20990101000100_two'),
    });
    await expect(loadMigrations(twins)).rejects.toThrow(/share a timestamp/);
  });
});
