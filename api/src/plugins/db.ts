import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { createKnex, dialectOf, type Dialect } from '../db/knex';

declare module 'fastify' {
  interface FastifyInstance {
    db: Knex;
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
    app.decorate('db', db);
    app.decorate('dialect', dialectOf(db));
    if (!options.db) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db', dependencies: ['config'] },
);
