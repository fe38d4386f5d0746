import type { Migration } from './migration';

/**
 * The salary orders by the annual equivalent of pay (migration 20261129000100): 'Highest Salary'
 * and 'Lowest Salary' read these indexes in order, as they read the figures' before
 * (20261127000320), and the board's recent-order index covers the new filter columns (the annual
 * band, the period for 'Stipends and fixed fees', the pay rule's hold) so a filtered page is
 * still answered from the index. The figures' salary indexes stay for the previous release (expand
 * and contract: docs/decisions/expand-contract-migrations.md); the release after drops them.
 */
const FILTERED_BEFORE =
  'expires_at, remote, job_type, experience_level, salary_min, salary_max, deadline_ends_at';
const FILTERED = `${FILTERED_BEFORE}, pay_annual_low, pay_annual_high, salary_period, pay_held`;
const LEAD = 'archived, active';

export default {
  name: '20261129000110_index_pay_orders',
  async up(knex) {
    await knex.raw('DROP INDEX IF EXISTS jobs_public_recent_index');
    await knex.raw(
      `CREATE INDEX jobs_public_recent_index ON jobs (${LEAD}, featured, posted_date, id, ${FILTERED})`,
    );
    await knex.raw(
      `CREATE INDEX jobs_public_pay_high_index ON jobs (${LEAD},
       (pay_annual_high IS NULL) DESC, pay_annual_high ASC, posted_date ASC, id ASC, ${FILTERED})`,
    );
    await knex.raw(
      `CREATE INDEX jobs_public_pay_low_index ON jobs (${LEAD},
       (pay_annual_low IS NULL) ASC, pay_annual_low ASC, posted_date DESC, id DESC, ${FILTERED})`,
    );
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS jobs_public_pay_high_index');
    await knex.raw('DROP INDEX IF EXISTS jobs_public_pay_low_index');
    await knex.raw('DROP INDEX IF EXISTS jobs_public_recent_index');
    await knex.raw(
      `CREATE INDEX jobs_public_recent_index ON jobs (${LEAD}, featured, posted_date, id, ${FILTERED_BEFORE})`,
    );
  },
} satisfies Migration;
