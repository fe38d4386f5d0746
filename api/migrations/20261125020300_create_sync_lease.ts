import type { Migration } from './migration';

/**
 * The lock that keeps two syncs from running at once, in any number of API processes: one row,
 * taken with a conditional UPDATE (free, or its holder's lease ran out) that only one caller can
 * win, on SQLite and PostgreSQL alike. A process that dies mid-sync frees it when the lease ends.
 */
export default {
  name: '20261125020300_create_sync_lease',
  async up(knex) {
    await knex.schema.createTable('sync_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('acquired_at').nullable();
      t.bigInteger('expires_at').nullable();
    });
    await knex('sync_lease').insert({ name: 'jobs' });
  },
  async down(knex) {
    await knex.schema.dropTable('sync_lease');
  },
} satisfies Migration;
