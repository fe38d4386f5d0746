import type { Migration } from './migration';

/**
 * Synced jobs an admin deleted, by their source and external id: a sync does not create them
 * again while the source still has their record, until an admin restores them. The title is the
 * job's when it was deleted, for the dashboard.
 */
export default {
  name: '20261126010300_create_deleted_synced_jobs',
  async up(knex) {
    await knex.schema.createTable('deleted_synced_jobs', (t) => {
      t.increments('id');
      t.string('source', 20).notNullable();
      t.string('external_id', 200).notNullable();
      t.integer('job_id').notNullable();
      t.string('title', 300).notNullable();
      t.string('actor', 120).notNullable();
      t.bigInteger('deleted_at').notNullable();
      t.unique(['source', 'external_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('deleted_synced_jobs');
  },
} satisfies Migration;
