import type { Migration } from './migration';

/**
 * The board's workplace filter (issue 47: on-site, hybrid, remote) reads `workplace_type`: the
 * public orders' indexes carry it beside the other filter columns (20261129000110), so a filtered
 * page is still answered from the index in its order, as with every other filter. `remote` stays
 * in them for the previous release's Remote filter (expand and contract).
 */
const FILTERED_BEFORE =
  'expires_at, remote, job_type, experience_level, salary_min, salary_max, deadline_ends_at, pay_annual_low, pay_annual_high, salary_period, pay_held';
const LEAD = 'archived, active';

async function create(knex: Parameters<Migration['up']>[0], filtered: string) {
  await knex.raw(
    `CREATE INDEX jobs_public_recent_index ON jobs (${LEAD}, featured, posted_date, id, ${filtered})`,
  );
  await knex.raw(
    `CREATE INDEX jobs_public_pay_high_index ON jobs (${LEAD},
     (pay_annual_high IS NULL) DESC, pay_annual_high ASC, posted_date ASC, id ASC, ${filtered})`,
  );
  await knex.raw(
    `CREATE INDEX jobs_public_pay_low_index ON jobs (${LEAD},
     (pay_annual_low IS NULL) ASC, pay_annual_low ASC, posted_date DESC, id DESC, ${filtered})`,
  );
}

async function drop(knex: Parameters<Migration['up']>[0]) {
  for (const name of [
    'jobs_public_recent_index',
    'jobs_public_pay_high_index',
    'jobs_public_pay_low_index',
  ]) {
    await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  }
}

export default {
  name: '20261201020100_index_workplace_filter',
  async up(knex) {
    await drop(knex);
    await create(knex, `${FILTERED_BEFORE}, workplace_type`);
  },
  async down(knex) {
    await drop(knex);
    await create(knex, FILTERED_BEFORE);
  },
} satisfies Migration;
