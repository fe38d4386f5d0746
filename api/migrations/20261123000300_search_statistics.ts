import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL only: statistics on the expressions the board filters by, so the planner knows that
 * 'full-time' is most jobs and that most jobs have not expired. Without them it guesses a fraction
 * of a percent, and for a common word plus a filter it sorts every match instead of reading the
 * newest in order. The expressions must stay identical to jobs/search/criteria.ts.
 */
export default {
  name: '20261123000300_search_statistics',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('CREATE STATISTICS jobs_job_type_stats ON (lower(job_type)) FROM jobs');
    await knex.raw(
      'CREATE STATISTICS jobs_expiry_stats ON (COALESCE(expires_at, 9007199254740991)) FROM jobs',
    );
    await knex.raw('ANALYZE jobs');
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('DROP STATISTICS IF EXISTS jobs_job_type_stats');
    await knex.raw('DROP STATISTICS IF EXISTS jobs_expiry_stats');
  },
} satisfies Migration;
