import type { Migration } from './migration';

/**
 * The route limits' counters, shared by every API process (plugins/rate-limit.ts, through
 * rate-limiter-flexible's PostgreSQL / SQLite stores, told the table exists so they never run DDL
 * themselves). One row per (route, client) in the current window: `key` is
 * '<route>:<client address or IPv6 /64>', `points` the requests counted, `expire` when the window
 * ends (epoch ms). The columns, their order and the primary key are the ones the library's own
 * CREATE TABLE would make: its PostgreSQL insert names no columns. Rows past `expire` are dead
 * (the library reads past them) and are deleted by the plugin's purge.
 */
export default {
  name: '20261126140100_create_rate_limits',
  async up(knex) {
    await knex.schema.createTable('rate_limits', (t) => {
      t.string('key', 255).primary();
      t.integer('points').notNullable().defaultTo(0);
      t.bigInteger('expire').nullable();
      t.index(['expire']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('rate_limits');
  },
} satisfies Migration;
