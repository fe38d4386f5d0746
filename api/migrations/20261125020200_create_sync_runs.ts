import type { Migration } from './migration';

/**
 * One row per sync from the external job source, successful or not: what the dashboard's last
 * sync panel shows. Skipped records are kept as a JSON list of { externalId, reason } (the first
 * hundred; `skipped` counts them all).
 */
export default {
  name: '20261125020200_create_sync_runs',
  async up(knex) {
    await knex.schema.createTable('sync_runs', (t) => {
      t.increments('id');
      t.string('source', 20).notNullable();
      t.string('trigger', 20).notNullable(); // 'admin' or 'schedule'
      t.string('status', 20).notNullable(); // 'succeeded' or 'failed'
      t.bigInteger('started_at').notNullable();
      t.bigInteger('finished_at').notNullable();
      t.integer('created').notNullable().defaultTo(0);
      t.integer('updated').notNullable().defaultTo(0);
      t.integer('unchanged').notNullable().defaultTo(0);
      t.integer('deactivated').notNullable().defaultTo(0);
      t.integer('skipped').notNullable().defaultTo(0);
      t.text('skipped_records').notNullable().defaultTo('[]');
      t.string('error', 1000).nullable();
      t.index(['finished_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sync_runs');
  },
} satisfies Migration;
