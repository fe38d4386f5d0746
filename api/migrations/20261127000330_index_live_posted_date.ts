import type { Migration } from './migration';

/**
 * The feeds' order (newest first, featured or not: src/jobs/search/sort-orders.ts NEWEST_FIRST)
 * over the live jobs only: `archived` first (migration 20261127000310), so a feed's newest jobs are
 * read without passing the archived ones. The older (active, posted_date) index stays for the
 * admin's lists.
 */
export default {
  name: '20261127000330_index_live_posted_date',
  async up(knex) {
    await knex.raw(
      'CREATE INDEX jobs_live_posted_date_index ON jobs (archived, active, posted_date, id)',
    );
  },
  async down(knex) {
    await knex.raw('DROP INDEX jobs_live_posted_date_index');
  },
} satisfies Migration;
