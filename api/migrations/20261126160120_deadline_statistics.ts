import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL only: statistics on the deadline expression of the public scope (as
 * 20261123000300_search_statistics does for expiry), so the planner knows that most jobs' deadlines
 * have not passed. The expression must stay identical to jobs/search/criteria.ts.
 */
export default {
  name: '20261126160120_deadline_statistics',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw(
      'CREATE STATISTICS jobs_deadline_stats ON (COALESCE(deadline_ends_at, 9007199254740991)) FROM jobs',
    );
    await knex.raw('ANALYZE jobs');
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('DROP STATISTICS IF EXISTS jobs_deadline_stats');
  },
} satisfies Migration;
