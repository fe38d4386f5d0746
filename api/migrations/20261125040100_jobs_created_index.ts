import type { Migration } from './migration';

/**
 * The admin's jobs list is newest first by default (GET /api/admin/lists/jobs): with this index a
 * page of a few thousand jobs is read in order instead of sorting every row.
 */
export default {
  name: '20261125040100_jobs_created_index',
  async up(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.index(['created_at', 'id'], 'jobs_created_at_id_index');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.dropIndex(['created_at', 'id'], 'jobs_created_at_id_index');
    });
  },
} satisfies Migration;
