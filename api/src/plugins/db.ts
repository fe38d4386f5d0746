import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { createKnex, createReadKnex, dialectOf, type Dialect } from '../db/knex';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write, and reads that must see the caller's own transaction. */
    db: Knex;
    /**
     * Public reads: on SQLite its own read-only connections, so a long search never holds up a
     * write or another read; on PostgreSQL the same pool as `db`.
     */
    readDb: Knex;
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
    const db = options.db ?? createKnex(app.config.database);
    const readDb = createReadKnex(app.config.database, app.config.sqliteReadConnections);
    app.decorate('db', db);
    app.decorate('readDb', readDb ?? db);
    app.decorate('dialect', dialectOf(db));
    app.addHook('onClose', async () => {
      await readDb?.destroy();
      if (!options.db) await db.destroy();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
