import type { Migration } from './migration';

/**
 * The board's sort-order indexes (20261126160110_index_public_deadline) rebuilt with `archived`
 * first (migration 20261127000310): a public read (`archived` false, `active` true) scans only the
 * live jobs' entries, however many archived jobs the table holds. The same on both databases (a
 * leading column rather than a partial index, which SQLite's `INDEXED BY` could refuse).
 */
const FILTERED =
  'expires_at, remote, job_type, experience_level, salary_min, salary_max, deadline_ends_at';

async function build(knex: Parameters<Migration['up']>[0], lead: string) {
  await knex.raw(
    `CREATE INDEX jobs_public_recent_index ON jobs (${lead}, featured, posted_date, id, ${FILTERED})`,
  );
  await knex.raw(
    `CREATE INDEX jobs_public_salary_high_index ON jobs (${lead},
       (COALESCE(salary_max, salary_min) IS NULL) DESC, (COALESCE(salary_max, salary_min)) ASC,
       posted_date ASC, id ASC, ${FILTERED})`,
  );
  await knex.raw(
    `CREATE INDEX jobs_public_salary_low_index ON jobs (${lead},
       (COALESCE(salary_min, salary_max) IS NULL) ASC, (COALESCE(salary_min, salary_max)) ASC,
       posted_date DESC, id DESC, ${FILTERED})`,
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
  name: '20261127000320_index_public_sort_orders_live',
  async up(knex) {
    await drop(knex);
    await build(knex, 'archived, active');
  },
  async down(knex) {
    await drop(knex);
    await build(knex, 'active');
  },
} satisfies Migration;
