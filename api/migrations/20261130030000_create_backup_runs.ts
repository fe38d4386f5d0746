import type { Migration } from './migration';

/**
 * Issue 46: when each scheduled backup went through (`backup_runs`), for the schedule and the
 * metrics' backup age; and the lease
 * that lets one process at a time take the scheduled backup (`backup_lease`, one row).
 */
export default {
  name: '20261130030000_create_backup_runs',
  async up(knex) {
    await knex.schema.createTable('backup_runs', (t) => {
      t.increments('id').primary();
      t.bigInteger('finished_at').notNullable().index();
      t.boolean('scheduled').notNullable().defaultTo(false);
      t.string('file', 1024).notNullable();
      t.bigInteger('bytes').notNullable();
    });
    await knex.schema.createTable('backup_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('acquired_at').nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
    });
    await knex('backup_lease').insert({ name: 'backup' });
  },
  async down(knex) {
    await knex.schema.dropTable('backup_lease');
    await knex.schema.dropTable('backup_runs');
  },
} satisfies Migration;
