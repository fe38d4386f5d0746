import { inspect } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { createKnex, createReadKnex, dialectOf, type Dialect, type KnexLog } from '../db/knex';
import { ReadReplicas } from '../db/read-replicas';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write, and reads that must see the caller's own transaction. */
    db: Knex;
    /**
     * Public reads when no replica serves them: on SQLite its own read-only connections, so a long
     * search never holds up a write or another read; on PostgreSQL the same pool as `db`.
     */
    readDb: Knex;
    /**
     * PostgreSQL's read replicas (DATABASE_READ_URL), which take the public reads off the primary
     * when healthy (platform/db/read-replicas.ts); null without any.
     */
    readReplicas: ReadReplicas | null;
    dialect: Dialect;
  }
}

export interface DbPluginOptions {
  /** An open Knex instance to use instead of one made from the configuration (tests). */
  db?: Knex;
}

/** The Knex pool, closed when the app closes (after in-flight requests have finished). */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const log = knexLog(app.log);
    const db = options.db ?? createKnex(app.config.database, log);
    const readDb = createReadKnex(app.config.database, app.config.sqliteReadConnections, log);
    app.decorate('db', db);
    app.decorate('readDb', readDb ?? db);
    app.decorate('dialect', dialectOf(db));
    const replicas = app.config.readReplicas
      ? new ReadReplicas(db, app.config.readReplicas, app.log, log)
      : null;
    app.decorate('readReplicas', replicas);
    // Checked from the start (reads go to the primary until a replica is found well), before the
    // server listens, and stopped before the primary's pool closes.
    replicas?.start();
    app.addHook('onClose', async () => {
      await replicas?.close();
      await readDb?.destroy();
      if (!options.db) await db.destroy();
    });
  },
  { name: 'db', dependencies: ['config'] },
);

/**
 * Knex's warnings into the server's log as JSON lines. A failed connection attempt is reported by
 * the request that needed it (a 503, platform/plugins/errors.ts), so knex's own line about it is debug.
 */
function knexLog(log: FastifyBaseLogger): KnexLog {
  const text = (message: unknown) => (typeof message === 'string' ? message : inspect(message));
  return {
    warn: (message: unknown) =>
      text(message).startsWith('Acquire connection error')
        ? log.debug({ knex: text(message) }, 'database connection failed')
        : log.warn({ knex: text(message) }, 'knex warning'),
    error: (message: unknown) => log.error({ knex: text(message) }, 'knex error'),
    deprecate: (message: unknown) => log.warn({ knex: text(message) }, 'knex deprecation'),
    debug: (message: unknown) => log.debug({ knex: text(message) }, 'knex debug'),
  };
}
