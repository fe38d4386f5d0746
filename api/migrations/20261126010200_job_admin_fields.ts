import type { Migration } from './migration';

/**
 * The fields of a synced job an admin changed here (a JSON list of JOB_FIELDS names), which the
 * next syncs leave as the admin set them. Null for a job nobody edited here; an admin's 'Return to
 * the source' sets it back to null.
 */
export default {
  name: '20261126010200_job_admin_fields',
  async up(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.text('admin_fields').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE jobs DROP COLUMN admin_fields');
  },
} satisfies Migration;
