import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { createKnex } from '../../src/platform/db/knex';
import { migrateLatest } from '../../src/platform/db/migrate';
import { startPgCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL of the PostgreSQL cluster for this run ('' on SQLite). */
    postgresUrl: string;
    /**
     * The migrated template every test file's database is copied from: a SQLite file, or the
     * name of a database in the cluster (copied with CREATE DATABASE ... TEMPLATE).
     */
    templateDatabase: string;
  }
}

interface RunDatabases {
  postgresUrl: string;
  templateDatabase: string;
  stop(): Promise<void>;
}

/**
 * The run's databases, made once per vitest process: each project (api, system) calls this setup,
 * and they share one cluster and one template. Counted, so the last project's teardown stops them.
 */
const shared = globalThis as typeof globalThis & {
  jobboardTestDatabases?: { run: Promise<RunDatabases>; users: number };
};

/**
 * With TEST_DB=postgres, start a throw-away cluster (or use TEST_POSTGRES_URL, a server URL whose
 * user may create databases) and hand its URL to the tests. Either way, migrate one template
 * database once: each test file's database is a copy of it (support/test-app.ts), rather than
 * running the ~50 migrations again for every file.
 */
export default async function setup(project: TestProject) {
  shared.jobboardTestDatabases ??= { run: startRun(), users: 0 };
  const state = shared.jobboardTestDatabases;
  state.users += 1;
  const run = await state.run;
  project.provide('postgresUrl', run.postgresUrl);
  project.provide('templateDatabase', run.templateDatabase);
  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    shared.jobboardTestDatabases = undefined;
    await run.stop();
  };
}

async function startRun(): Promise<RunDatabases> {
  const database = process.env.TEST_DB ?? 'sqlite';
  if (database !== 'postgres') return sqliteTemplate();
  if (process.env.TEST_POSTGRES_URL) return postgresTemplate(process.env.TEST_POSTGRES_URL);
  const cluster = await startPgCluster();
  try {
    const run = await postgresTemplate(cluster.url);
    return {
      ...run,
      async stop() {
        try {
          await run.stop();
        } finally {
          cluster.stop();
        }
      },
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

async function sqliteTemplate(): Promise<RunDatabases> {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-template-'));
  const filename = path.join(dir, 'template.sqlite');
  const db = createKnex({ client: 'sqlite', filename });
  try {
    await migrateLatest(db);
    // Everything in the main file, so that a copy of it alone is the whole database.
    await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await db.destroy();
  }
  return {
    postgresUrl: '',
    templateDatabase: filename,
    async stop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTemplate(serverUrl: string): Promise<RunDatabases> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // No connection may stay open on a template while it is copied.
  const db = createKnex({ client: 'postgres', connectionString: url.toString() });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  return {
    postgresUrl: serverUrl,
    templateDatabase: name,
    async stop() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
