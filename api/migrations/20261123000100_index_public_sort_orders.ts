import type { Migration } from './migration';

/**
 * One index per order of the board (jobs/search/sort-orders.ts), each starting with `active` so a
 * public read scans only live rows: a page of a broad search is then read in order and stops after
 * the page instead of sorting every match. The salary expressions are the ones the ORDER BY uses,
 * in the directions that let one index scan (forward or backward) yield the whole order. Each ends
 * with `expires_at` and the filtered columns, so checking that a job is public and passes the
 * board's filters needs no visit to its (large) row.
 */
const FILTERED = 'expires_at, remote, job_type, experience_level, salary_min, salary_max';
export default {
  name: '20261123000100_index_public_sort_orders',
  async up(knex) {
    await knex.raw(
      `CREATE INDEX jobs_public_recent_index ON jobs (active, featured, posted_date, id, ${FILTERED})`,
    );
    // Read backwards: no-salary last, largest figure first, then newest.
    await knex.raw(
      `CREATE INDEX jobs_public_salary_high_index ON jobs (active,
         (COALESCE(salary_max, salary_min) IS NULL) DESC, (COALESCE(salary_max, salary_min)) ASC,
         posted_date ASC, id ASC, ${FILTERED})`,
    );
    await knex.raw(
      `CREATE INDEX jobs_public_salary_low_index ON jobs (active,
         (COALESCE(salary_min, salary_max) IS NULL) ASC, (COALESCE(salary_min, salary_max)) ASC,
         posted_date DESC, id DESC, ${FILTERED})`,
    );
  },
  async down(knex) {
    for (const index of [
      'jobs_public_recent_index',
      'jobs_public_salary_high_index',
      'jobs_public_salary_low_index',
    ]) {
      await knex.raw(`DROP INDEX IF EXISTS ${index}`);
    }
  },
} satisfies Migration;
