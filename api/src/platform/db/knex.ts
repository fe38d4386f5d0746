import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { DatabaseConfig } from '../config';

export type Dialect = DatabaseConfig['client'];

/**
 * What a repository method runs its queries on: the app's pool, or the caller's transaction when
 * the method is one step of a larger change.
 */
export type Db = Knex | Knex.Transaction;

// PostgreSQL returns int8 (COUNT(*), bigint epoch-millisecond columns) as strings by default.
// Our bigints are epoch milliseconds and counts, far below 2^53, so numbers are safe.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * SQLite pragmas applied to every connection. The busy timeout comes first: a pragma run before it
 * fails at once with SQLITE_BUSY while another connection writes.
 */
const SQLITE_PRAGMAS = [
  'PRAGMA busy_timeout = 5000', // wait for a lock instead of failing with SQLITE_BUSY
  'PRAGMA foreign_keys = ON', // SQLite leaves them off unless asked
  'PRAGMA cache_size = -65536', // 64 MB of pages per connection instead of 2 MB
  'PRAGMA mmap_size = 1073741824', // read the file through the page cache of the OS, no copies
];

/** The writer also sets how the file is written; WAL is kept in the file, readers need not ask. */
const SQLITE_WRITER_PRAGMAS = [
  ...SQLITE_PRAGMAS,
  'PRAGMA journal_mode = WAL', // readers do not block the writer, nor it them
  'PRAGMA synchronous = NORMAL', // safe with WAL, much faster than FULL
];

/** Where knex's own warnings go (the server's log); knex prints them to stdout otherwise. */
export type KnexLog = Knex.Config['log'];

export function createKnex(database: DatabaseConfig, log?: KnexLog): Knex {
  if (database.client === 'postgres') {
    return knexFactory({
      client: 'pg',
      connection: database.connectionString,
      pool: { min: 0, max: 10 },
      log,
    });
  }
  if (database.filename !== ':memory:')
    mkdirSync(path.dirname(database.filename), { recursive: true });
  // One connection writes: SQLite has one writer anyway, and a single connection means no
  // SQLITE_BUSY between our own writes. Reads go to createReadKnex's connections.
  return sqliteKnex(database.filename, 1, SQLITE_WRITER_PRAGMAS, log);
}

/**
 * Connections that only read, beside the writer, so that no request queues behind a long read
 * (WAL lets readers and the writer work at once; each read sees every committed write). On
 * PostgreSQL the one pool serves both, and this returns undefined.
 */
export function createReadKnex(
  database: DatabaseConfig,
  connections: number,
  log?: KnexLog,
): Knex | undefined {
  if (database.client === 'postgres' || database.filename === ':memory:') return undefined;
  const pragmas = [...SQLITE_PRAGMAS, 'PRAGMA query_only = ON'];
  return sqliteKnex(database.filename, connections, pragmas, log);
}

function sqliteKnex(filename: string, connections: number, pragmas: string[], log?: KnexLog): Knex {
  return knexFactory({
    client: 'sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    log,
    pool: {
      min: 0,
      max: connections,
      afterCreate(
        connection: SqliteConnection,
        done: (error: Error | null, connection: unknown) => void,
      ) {
        connection.exec(pragmas.join('; '), (error) => done(error, connection));
      },
    },
  });
}

interface SqliteConnection {
  exec(sql: string, callback: (error: Error | null) => void): void;
}

export function dialectOf(db: Knex): Dialect {
  const client = db.client.config.client;
  return client === 'pg' || client === 'postgres' || client === 'postgresql'
    ? 'postgres'
    : 'sqlite';
}
