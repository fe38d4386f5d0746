import type { Migration } from './migration';

/**
 * The lock that keeps two retention runs (the deletion of data past its period: unconfirmed
 * alerts, old e-mail bodies, rejected submissions' contacts) from running at once, in any number of
 * API processes and `jobboard retention run`: one row, taken with a conditional UPDATE (free, or
 * its holder's lease ran out) that only one caller can win, on SQLite and PostgreSQL alike.
 * `last_finished_at` is when a run last went through (the metrics' last-run gauge).
 */
export default {
  name: '20261126150200_create_retention_lease',
  async up(knex) {
    await knex.schema.createTable('retention_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('acquired_at').nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
    });
    await knex('retention_lease').insert({ name: 'retention' });
  },
  async down(knex) {
    await knex.schema.dropTable('retention_lease');
  },
} satisfies Migration;
