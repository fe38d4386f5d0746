import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationDetails as migrationStatus } from '../../src/cli/migrations';
import { migrateDown, migrateLatest, SchemaAheadError } from '../../src/platform/db/migrate';
import { migrations } from '../../src/platform/db/migrations';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * `jobboard migrate status` (src/cli/migrations.ts) and `jobboard migrate down` (the server's
 * src/db/migrate.ts, which the command calls) on each database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const names = migrations.map((migration) => migration.name);

describe(`jobboard migrate status / down on ${testDatabase}`, () => {
  it('lists every migration applied, in order, and none pending', async () => {
    const status = await migrationStatus(t.db);
    expect(status.pending).toEqual([]);
    expect(status.applied.map((row) => row.name)).toEqual(names);
    expect(status.applied.every((row) => row.known && row.batch >= 1)).toBe(true);
    expect(status.applied.every((row) => !Number.isNaN(Date.parse(row.at)))).toBe(true);
  });

  it('undoes the newest migration only, then migrate applies it again', async () => {
    const last = names.at(-1)!;
    expect(await migrateDown(t.db)).toBe(last);
    expect((await migrationStatus(t.db)).pending).toEqual([last]);
    expect(await migrateLatest(t.db)).toEqual([last]);
    expect((await migrationStatus(t.db)).pending).toEqual([]);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('reports a migration of a newer release, and leaves its undoing to that release', async () => {
    const newer = '29991231235959_from_a_newer_release';
    await t.db('knex_migrations').insert({ name: newer, batch: 99, migration_time: t.clock.now });
    try {
      const status = await migrationStatus(t.db);
      expect(status.applied.at(-1)).toMatchObject({ name: newer, known: false });
      expect(status.pending).toEqual([]);
      await expect(migrateDown(t.db)).rejects.toThrow(SchemaAheadError);
      // Nothing was undone.
      expect((await migrationStatus(t.db)).applied).toHaveLength(names.length + 1);
    } finally {
      await t.db('knex_migrations').where({ name: newer }).delete();
    }
  });

  it('refuses to undo when nothing is applied', async () => {
    const rows = await t.db('knex_migrations').select();
    await t.db('knex_migrations').delete();
    try {
      expect(await migrateDown(t.db)).toBeNull();
    } finally {
      await t.db('knex_migrations').insert(rows);
    }
  });
});
