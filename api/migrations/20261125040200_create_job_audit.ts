import type { Migration } from './migration';

/**
 * Every admin change of a job (create, edit, switch on or off, extend, republish, delete): what,
 * who and when, for the job's timeline. No foreign key to jobs: a deleted job's record stays.
 */
export default {
  name: '20261125040200_create_job_audit',
  async up(knex) {
    await knex.schema.createTable('job_audit', (t) => {
      t.increments('id');
      t.integer('job_id').notNullable();
      t.string('action', 30).notNullable();
      t.integer('admin_id').nullable().references('id').inTable('admins').onDelete('SET NULL');
      t.string('actor', 120).notNullable(); // 'admin:<username>', 'system'
      t.string('detail', 500).nullable();
      t.bigInteger('created_at').notNullable();
      t.index(['job_id', 'created_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_audit');
  },
} satisfies Migration;
