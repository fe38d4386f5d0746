import type { Migration } from './migration';

/**
 * The board's sort-order indexes (20261123000100_index_public_sort_orders) rebuilt with
 * `deadline_ends_at` among their filtered columns: a public read now also checks that a job's
 * deadline has not passed (jobs/search/criteria.ts publicScope), and that check must still need no
 * visit to the job's (large) row. 'Closing soon' reads the same column.
 */
const BEFORE = 'expires_at, remote, job_type, experience_level, salary_min, salary_max';
const AFTER = `${BEFORE}, deadline_ends_at`;

async function build(knex: Parameters<Migration['up']>[0], filtered: string) {
  await knex.raw(
    `CREATE INDEX jobs_public_recent_index ON jobs (active, featured, posted_date, id, ${filtered})`,
  );
  await knex.raw(
    `CREATE INDEX jobs_public_salary_high_index ON jobs (active,
       (COALESCE(salary_max, salary_min) IS NULL) DESC, (COALESCE(salary_max, salary_min)) ASC,
       posted_date ASC, id ASC, ${filtered})`,
  );
  await knex.raw(
    `CREATE INDEX jobs_public_salary_low_index ON jobs (active,
       (COALESCE(salary_min, salary_max) IS NULL) ASC, (COALESCE(salary_min, salary_max)) ASC,
       posted_date DESC, id DESC, ${filtered})`,
  );
}

async function drop(knex: Parameters<Migration['up']>[0]) {
  for (const index of [
    'jobs_public_recent_index',
    'jobs_public_salary_high_index',
    'jobs_public_salary_low_index',
  ]) {
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  }
}

export default {
  name: '20261126160110_index_public_deadline',
  async up(knex) {
    await drop(knex);
    await build(knex, AFTER);
  },
  async down(knex) {
    await drop(knex);
    await build(knex, BEFORE);
  },
} satisfies Migration;
