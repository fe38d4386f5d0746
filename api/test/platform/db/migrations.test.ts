import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, dialectOf } from '../../../src/platform/db/knex';
import {
  migrateDown,
  migrateLatest,
  migrationStatus,
  SchemaAheadError,
} from '../../../src/platform/db/migrate';
import { migrations } from '../../../src/platform/db/migrations';
import { SITE_UPGRADING_MESSAGE } from '../../../src/platform/ops/schema-messages';
import { jobInput } from '../../support/jobs';
import { applyFutureMigration, FUTURE_MIGRATION } from '../../support/schema-ahead';
import {
  buildTestApp,
  freshDatabase,
  testDatabase,
  type TestApp,
  type TestDatabase,
} from '../../support/test-app';

/**
 * The migrations under the operator's control (src/db/migrate.ts): where the database stands,
 * every migration's `down` undoing exactly its `up`, and a schema ahead of this build (a rollback)
 * served and reported rather than refused.
 */

let fresh: TestDatabase;
let db: Knex;
beforeAll(async () => {
  fresh = await freshDatabase();
  db = createKnex(fresh.database);
});
afterAll(async () => {
  await db.destroy();
  await fresh.dispose();
});

/**
 * The schema as a list: every table with its columns and every index, knex's own tables left out
 * (their rows change, not their shape). Sorted, so two equal schemas give equal lists.
 */
async function schemaOf(knex: Knex): Promise<string[]> {
  const rows: { item: string }[] =
    dialectOf(knex) === 'sqlite'
      ? await knex.raw(
          `select 'table ' || m.name || '.' || p.name as item from sqlite_master m, pragma_table_info(m.name) p
             where m.type = 'table' and m.name not like 'knex_migrations%' and m.name not like 'sqlite_%'
           union all
           select 'index ' || name || ' on ' || tbl_name from sqlite_master
             where type = 'index' and tbl_name not like 'knex_migrations%'
           union all
           select type || ' ' || name from sqlite_master where type in ('trigger', 'view')`,
        )
      : (
          await knex.raw(
            `select 'table ' || table_name || '.' || column_name || ' ' || data_type as item
               from information_schema.columns
              where table_schema = 'public' and table_name not like 'knex_migrations%'
             union all
             select 'index ' || indexname || ' on ' || tablename from pg_indexes
              where schemaname = 'public' and tablename not like 'knex_migrations%'
             union all
             select 'trigger ' || trigger_name from information_schema.triggers
              where trigger_schema = 'public'`,
          )
        ).rows;
  return rows.map((row) => row.item).sort();
}

describe(`the migrations on ${testDatabase}`, () => {
  it('walk up, down one by one to nothing, and up again, each down undoing its up exactly', async () => {
    const names = migrations.map((migration) => migration.name);
    expect(await migrationStatus(db)).toEqual({ applied: [], pending: names, unknownApplied: [] });
    const empty = await schemaOf(db);
    expect(empty).toEqual([]);

    expect(await migrateLatest(db)).toEqual(names);
    expect(await migrationStatus(db)).toEqual({ applied: names, pending: [], unknownApplied: [] });
    const latest = await schemaOf(db);
    // The list holds the shape, so a down that forgets a column or an index shows.
    expect(latest).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^table jobs\.title\b/),
        expect.stringMatching(/^index /),
      ]),
    );

    // Down, newest first: the schema after undoing migration k is the one migration k found.
    const below: string[][] = [];
    const undone: (string | null)[] = [];
    for (let k = names.length - 1; k >= 0; k -= 1) {
      undone.push(await migrateDown(db));
      below[k] = await schemaOf(db);
    }
    expect(undone).toEqual([...names].reverse());
    expect(await migrateDown(db)).toBeNull();
    expect(below[0]).toEqual(empty);
    expect((await migrationStatus(db)).applied).toEqual([]);

    // Up again, one at a time: each step lands on the schema its down left.
    for (let k = 0; k < names.length; k += 1) {
      expect(await schemaOf(db), `before ${names[k]}`).toEqual(below[k]);
      await db.migrate.up({
        migrationSource: {
          getMigrations: async () => migrations,
          getMigrationName: (migration: (typeof migrations)[number]) => migration.name,
          getMigration: async (migration: (typeof migrations)[number]) => migration,
        },
      });
    }
    expect(await schemaOf(db)).toEqual(latest);
    expect(await migrateLatest(db)).toEqual([]);
    // Its work grows with every migration (about 150 ups and downs on PostgreSQL): past the
    // default minute on a loaded machine, though no step is slow.
  }, 300_000);

  it('reports a schema ahead of this build, keeps migrating, and refuses to undo what it does not know', async () => {
    await migrateLatest(db);
    await applyFutureMigration(db);
    const names = migrations.map((migration) => migration.name);
    expect(await migrationStatus(db)).toEqual({
      applied: names,
      pending: [],
      unknownApplied: [FUTURE_MIGRATION],
    });
    // knex's own check ('the migration directory is corrupt') would refuse this.
    expect(await migrateLatest(db)).toEqual([]);
    await expect(migrateDown(db)).rejects.toThrow(new SchemaAheadError(FUTURE_MIGRATION).message);
    expect((await migrationStatus(db)).applied).toEqual(names);
  });
});

/** /readyz names the migrations only to a request with the METRICS_TOKEN (readyz-details.test.ts). */
const METRICS_TOKEN = 'migrations-test-metrics-token-of-32-chars';
const readyz = (t: TestApp) =>
  t.app.inject({ url: '/readyz', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

describe(`/readyz and the schema on ${testDatabase}`, () => {
  it('answers 503 while the schema is behind, naming how many migrations are pending', async () => {
    const t = await buildTestApp({ env: { METRICS_TOKEN } });
    try {
      const last = migrations.at(-1)!.name;
      await t.db('knex_migrations').where({ name: last }).delete();
      const res = await readyz(t);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: `schema behind: 1 migration pending (${last}). Run \`jobboard migrate\` with this release, or start it once with MIGRATE_ON_START=true`,
      });
    } finally {
      await t.close();
    }
  });

  it('answers 200 against a schema ahead of this build, saying so', async () => {
    const t = await buildTestApp({ env: { METRICS_TOKEN } });
    try {
      await applyFutureMigration(t.db);
      const res = await readyz(t);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ok',
        schema: 'ahead',
        message: `schema ahead: 1 migration applied that this build does not know (${FUTURE_MIGRATION}); serving anyway (a newer release added them and keeps to expand/contract)`,
      });
      // The new column and table are ignored: the older build reads and writes what it knows.
      expect((await t.app.inject('/api/jobs')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('on a database not migrated yet, answers 503 "being upgraded" but to the probes, runs nothing in the background, and comes up once migrated', async () => {
    const empty = await freshDatabase();
    const log: string[] = [];
    const t = await buildTestApp({
      database: empty.database,
      migrate: false,
      logStream: { write: (line) => void log.push(line) },
      // The background e-mail sender, the digests and the renewal reminders run at start, as in
      // production.
      env: {
        MAIL_POLL_SECONDS: '60',
        ALERT_DIGEST_INTERVAL_MINUTES: '60',
        RENEWAL_REMINDER_INTERVAL_MINUTES: '60',
      },
    });
    try {
      await t.app.mailer.idle();
      await t.app.alertDigests.idle();
      await t.app.renewals.idle();
      expect((await t.app.inject('/readyz')).statusCode).toBe(503);
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      for (const url of ['/api/jobs', '/api/admin/check-auth', '/']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('30');
        expect(res.json()).toEqual({ message: SITE_UPGRADING_MESSAGE });
      }
      // No worker touched the missing tables: the start's one 'schema behind' line says it all.
      expect(log.filter((line) => /no such table|does not exist/.test(line))).toEqual([]);

      await migrateLatest(t.db);
      // A row as the previous release writes it (pay as words, no period), before the first
      // request that finds the schema current.
      const id = await t.app.jobs.create(jobInput({ title: 'Hourly Canvasser' }), t.app.now());
      await t
        .db('jobs')
        .where({ id })
        .update({ salary_text: '$25 - $30 per hour', salary_period: null });
      expect((await t.app.inject('/readyz')).statusCode).toBe(200);
      expect((await t.app.inject('/api/jobs')).statusCode).toBe(200);
      // The start's work ran then: the row's pay is read into this release's columns.
      await t.app.schemaWorkIdle();
      expect(await t.db('jobs').where({ id }).first()).toMatchObject({
        salary_period: 'hour',
        pay_min_cents: 2500,
        pay_annual_high: 62_400,
      });
    } finally {
      await t.close();
      await empty.dispose();
    }
  });
});
