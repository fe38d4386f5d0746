import type { Migration } from './migration';

/**
 * An index on when a job's deadline closes it: the public-read cache asks for the next deadline to
 * pass (PublicJobsRepository.nextExpiry, as it does for `expires_at`), and 'closing soon' asks for
 * the jobs whose deadline passes within days, a small range of it.
 */
export default {
  name: '20261126160130_jobs_deadline_index',
  async up(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.index(['deadline_ends_at'], 'jobs_deadline_ends_at_index');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.dropIndex(['deadline_ends_at'], 'jobs_deadline_ends_at_index');
    });
  },
} satisfies Migration;
