import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createKnex,
  migrateLatest,
  toolJobs,
  type DatabaseConfig,
  type JobInput,
  type ToolJobs,
} from '@jobboard/api/tooling';
import knexFactory, { type Knex } from 'knex';
import { addEndedHistory } from './ended-history';
import { generateJobs } from './generate-jobs';

/** The day every benchmark database is generated for and searched on. */
export const BENCH_NOW = new Date('2026-11-23T12:00:00Z');

export interface BenchDatabase {
  name: string;
  config: DatabaseConfig;
  db: Knex;
  jobs: ToolJobs;
  /** Seconds it took to write the jobs. */
  loadSeconds: number;
  /** Of these, the seconds it took to write the ended history (addEndedHistory), if any. */
  historySeconds?: number;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database holding `size` generated jobs: a SQLite file in a temporary folder, or
 * a new database on the PostgreSQL server at `postgresUrl`. Written through the API's own
 * writer (`createMany`), so the rows and the search index are exactly what the API writes.
 * `endedYears` (PostgreSQL): that many earlier years of the same jobs, ended and archived, added
 * after them by the fast path of ended-history.ts (the million-job row: 100,000 live jobs and
 * 9 years of history). `shape` changes each generated job before it is written (the trust
 * section's board: every job live, an employer's).
 */
export async function createBenchDatabase(
  size: number,
  postgresUrl?: string,
  endedYears = 0,
  shape: (job: JobInput) => JobInput = (job) => job,
): Promise<BenchDatabase> {
  const { config, dispose } = postgresUrl
    ? await freshPostgres(postgresUrl, size * (1 + endedYears))
    : freshSqlite(size);
  const db = createKnex(config);
  await migrateLatest(db);
  const jobs = toolJobs(db, config.client);
  const started = performance.now();
  const inputs = generateJobs({ count: size, now: BENCH_NOW }).map(shape);
  for (let i = 0; i < inputs.length; i += 10_000) {
    await jobs.createMany(inputs.slice(i, i + 10_000), BENCH_NOW);
  }
  let historySeconds: number | undefined;
  if (endedYears) {
    if (config.client !== 'postgres') throw new Error('The ended history is PostgreSQL only');
    const historyStarted = performance.now();
    await addEndedHistory(db, endedYears);
    historySeconds = (performance.now() - historyStarted) / 1000;
  }
  if (config.client === 'postgres') await db.raw('VACUUM ANALYZE');
  else await db.raw('ANALYZE');
  const loadSeconds = (performance.now() - started) / 1000;
  return {
    name: config.client === 'postgres' ? 'PostgreSQL' : 'SQLite',
    config,
    db,
    jobs,
    loadSeconds,
    historySeconds,
    async close() {
      await db.destroy();
      await dispose();
    },
  };
}

function freshSqlite(size: number) {
  const dir = mkdtempSync(path.join(tmpdir(), `jobboard-bench-${size}-`));
  return {
    config: { client: 'sqlite', filename: path.join(dir, 'board.sqlite') } as DatabaseConfig,
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function freshPostgres(serverUrl: string, size: number) {
  const name = `bench_${size}_${process.pid}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { client: 'postgres', connectionString: url.toString() } as DatabaseConfig,
    async dispose() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/**
 * A SQLite file holding `size` generated jobs, for starting the production site on (support/site.ts
 * copies it, so one file serves every run). Checkpointed: the whole database is in the one file.
 */
export async function sqliteFileWithJobs(size: number): Promise<{ file: string; remove(): void }> {
  const bench = await createBenchDatabase(size);
  await bench.db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await bench.db.destroy();
  const file = (bench.config as { filename: string }).filename;
  return { file, remove: () => rmSync(path.dirname(file), { recursive: true, force: true }) };
}

/**
 * The database handed to the production site (support/site.ts `startSite`): SQLite's file
 * checkpointed, so the whole database is in the one file the site copies, or PostgreSQL's URL;
 * this process's connections closed. The database itself stays until `close()`.
 */
export async function handToSite(
  bench: BenchDatabase,
): Promise<{ sqliteFile: string } | { databaseUrl: string }> {
  if (bench.config.client === 'sqlite') await bench.db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  const database =
    bench.config.client === 'sqlite'
      ? { sqliteFile: (bench.config as { filename: string }).filename }
      : { databaseUrl: (bench.config as { connectionString: string }).connectionString };
  await bench.db.destroy();
  return database;
}
