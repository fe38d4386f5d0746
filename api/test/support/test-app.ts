import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import knexFactory, { type Knex } from 'knex';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config, type DatabaseConfig } from '../../src/platform/config';
import { createKnex } from '../../src/platform/db/knex';
import { migrateLatest } from '../../src/platform/db/migrate';
import type { LinkCheckTestOptions } from '../../src/link-checks';
import type { LogoFetchOptions } from '../../src/logos/logo-fetch';
import { checkResponses, type ResponseCheck } from './response-check';

/** Which database this run tests: TEST_DB=sqlite (default) or postgres. */
export const testDatabase = inject('postgresUrl') ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Knex;
  config: Config;
  /** The clock the app reads; tests move it. */
  clock: { now: Date };
  /** Every answer is checked against its route's response struct (support/response-check.ts). */
  responses: ResponseCheck;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: Date;
  /** Collect the app's log lines here (the log is off otherwise). */
  logStream?: { write(line: string): void };
  /** A second API process: run on this app's database instead of a fresh one (migrated already). */
  sameDatabaseAs?: TestApp;
  /** Run on this database (left in place afterwards) instead of a fresh one. */
  database?: DatabaseConfig;
  /** Migrate the database first (default); false for a database that cannot be reached. */
  migrate?: boolean;
  /**
   * Fetch company logos in the background after job changes (off otherwise: no test reaches
   * out to the addresses its fixtures name), with these download settings (logos.test.ts allows
   * its stand-in server on 127.0.0.1).
   */
  logoFetch?: Partial<LogoFetchOptions>;
  /** The application-link checker's test settings (link-checks/plugin.ts): loopback, a clock. */
  linkChecks?: LinkCheckTestOptions;
  /**
   * Change the loaded configuration before the app is built: for values the environment cannot
   * give, such as a timeout of a fraction of a second (the environment's are whole seconds, and a
   * fast test must not wait a whole second on one).
   */
  configure?: (config: Config) => void;
}

/** A folder that holds no release. */
const NO_RELEASES = path.join(tmpdir(), 'jobboard-test-no-releases');

/**
 * The real app on a fresh, migrated database of its own (a copy of the run's template: a temporary
 * SQLite file, or a new database in the run's PostgreSQL cluster). Requests go through
 * `app.inject`.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const given = options.database ?? options.sameDatabaseAs?.config.database;
  const { database, dispose } = given
    ? { database: given, dispose: async () => {} }
    : await migratedDatabase();
  const config = loadConfig({
    SEED_DEMO: 'false',
    // No background e-mail loop: tests send with app.mailer.flush() when they mean to.
    MAIL_POLL_SECONDS: '0',
    // One message at a time: tests read what the SMTP peer received in the order it was queued
    // (mail.test.ts sets a pool of its own to show messages sent side by side).
    SMTP_MAX_CONNECTIONS: '1',
    // No social sender in the background: tests send with app.social.send() when they mean to.
    SOCIAL_POLL_SECONDS: '0',
    // No job-alert digest scheduler: tests run digests with app.alertDigests.run() when they mean to.
    ALERT_DIGEST_INTERVAL_MINUTES: '0',
    // No application digest scheduler: tests run it with app.applicationUpkeep.sendDigests().
    APPLICATION_DIGEST_INTERVAL_MINUTES: '0',
    // No retention scheduler: tests run it with app.retention.run() when they mean to.
    RETENTION_INTERVAL_MINUTES: '0',
    // No renewal-reminder scheduler: tests run it with app.renewals.remind() when they mean to.
    RENEWAL_REMINDER_INTERVAL_MINUTES: '0',
    // No still-hiring check-ins scheduler: tests run it with app.checkIns.run().
    CHECK_IN_INTERVAL_MINUTES: '0',
    // No weekly newsletter draft scheduler: tests run it with app.newsletter.runWeeklyDraft().
    NEWSLETTER_DRAFT_INTERVAL_MINUTES: '0',
    // No link checker in the background: tests run it with app.linkChecks.run() when they mean to.
    LINK_CHECK_INTERVAL_MINUTES: '0',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://localhost:3000',
    // No front-end build: what the API answers must not depend on whether `pnpm build` has run
    // (and its server entries are not loaded into every test). Tests of the site name their own.
    RELEASES_DIR: NO_RELEASES,
    // No overload shedding: a busy test machine must not turn requests away (metrics.test.ts
    // sets the limits it tests).
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    PRESSURE_MAX_HEAP_MB: '0',
    LOGO_FETCH: options.logoFetch ? 'true' : 'false',
    ...options.env,
  });
  config.database = database;
  options.configure?.(config);
  const db = createKnex(database);
  // A copy of the template is migrated already: this only checks that it is (a few queries).
  if (options.migrate !== false) await migrateLatest(db);
  const clock = { now: options.now ?? new Date('2026-11-22T12:00:00Z') };
  const app = await buildApp({
    config,
    db,
    now: () => clock.now,
    logStream: options.logStream,
    logoFetch: options.logoFetch,
    linkChecks: options.linkChecks,
  });
  const responses = checkResponses(app);
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    responses,
    async close() {
      await app.close();
      await db.destroy();
      await dispose();
    },
  };
}

export interface TestDatabase {
  database: DatabaseConfig;
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database for one test file (not migrated): a temporary SQLite file, or a new
 * database in the run's PostgreSQL cluster. `dispose()` removes it. For the tests of what a start
 * on an empty database does (migrations, a production start); the others take `migratedDatabase`.
 */
export function freshDatabase(): Promise<TestDatabase> {
  return newDatabase(false);
}

/**
 * A fresh database with every migration applied: a copy of the run's template, migrated once by
 * the global setup (support/global-setup.ts), a file copy on SQLite and CREATE DATABASE ...
 * TEMPLATE on PostgreSQL. `dispose()` removes it.
 */
export function migratedDatabase(): Promise<TestDatabase> {
  return newDatabase(true);
}

async function newDatabase(migrated: boolean): Promise<TestDatabase> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-sqlite-'));
    const filename = path.join(dir, 'board.sqlite');
    if (migrated) copyFileSync(inject('templateDatabase'), filename);
    return {
      database: { client: 'sqlite', filename },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(
    migrated
      ? `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`
      : `CREATE DATABASE ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { client: 'postgres', connectionString: url.toString() },
    async dispose() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
