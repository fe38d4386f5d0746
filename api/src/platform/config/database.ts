/**
 * The database and the server's own files (platform/config.ts): DATABASE_URL or the SQLite file,
 * the read replicas or SQLite's read connections, DATA_DIR and PAGES_DIR.
 */
import path from 'node:path';
import {
  parseDatabaseUrl,
  parsePositive,
  parseReadConnections,
  parseReadUrls,
  parseReplicaCheckMs,
} from '../config-values';
import type { Read } from './env';

export type DatabaseConfig =
  { client: 'sqlite'; filename: string } | { client: 'postgres'; connectionString: string };

export interface ReadReplicasConfig {
  /** Each replica's connection string (they may hold a password: never logged, see replicaName). */
  urls: string[];
  /** A replica further behind the primary than this is skipped until it catches up. */
  maxLagSeconds: number;
  /** How often each replica's health and lag are read, in the background. */
  checkIntervalMs: number;
}

/** DATABASE_READ_URL without a PostgreSQL DATABASE_URL, in the words the operator sees. */
export const READ_REPLICAS_NEED_POSTGRES =
  'DATABASE_READ_URL needs a PostgreSQL DATABASE_URL: read replicas copy a PostgreSQL primary (on SQLite the board reads through SQLITE_READ_CONNECTIONS instead; unset DATABASE_READ_URL)';

/** The database's settings and where the server keeps its files (Config's fields of the same names). */
export function readDatabase(read: Read, problems: string[]) {
  const databaseUrl = read('DATABASE_URL', parseDatabaseUrl, '');
  const readUrls = read('DATABASE_READ_URL', parseReadUrls, [] as string[]);
  const replicaMaxLag = read('READ_REPLICA_MAX_LAG_SECONDS', parsePositive, 30);
  const replicaCheckMs = read('READ_REPLICA_CHECK_MS', parseReplicaCheckMs, 2000);
  // Replicas copy a PostgreSQL primary; SQLite has its own read connections instead.
  if (readUrls.length && !databaseUrl && !problems.some((p) => p.startsWith('DATABASE_URL '))) {
    problems.push(READ_REPLICAS_NEED_POSTGRES);
  }
  // The server's own files: the SQLite file, backups, the first admin's password file.
  const dataDir = path.resolve(read('DATA_DIR', (v) => v, './data'));
  const sqliteFile = read('SQLITE_FILE', (v) => v, path.join(dataDir, 'board.sqlite'));
  const pagesDir = path.resolve(read('PAGES_DIR', (v) => v, path.join(dataDir, 'pages')));
  const sqliteReadConnections = read('SQLITE_READ_CONNECTIONS', parseReadConnections, 4);
  const database: DatabaseConfig = databaseUrl
    ? { client: 'postgres', connectionString: databaseUrl }
    : { client: 'sqlite', filename: path.resolve(sqliteFile) };
  const readReplicas: ReadReplicasConfig | null =
    databaseUrl && readUrls.length
      ? { urls: readUrls, maxLagSeconds: replicaMaxLag, checkIntervalMs: replicaCheckMs }
      : null;
  return { database, readReplicas, dataDir, pagesDir, sqliteReadConnections };
}
