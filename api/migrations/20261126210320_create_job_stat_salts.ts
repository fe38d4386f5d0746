import type { Migration } from './migration';

/**
 * The day's random salt of the visitor hashes (issue 30), one row per UTC day, shared by every
 * API process (the first to need it inserts it; the others read the row that won). Deleted when
 * its day is rolled up, so no one, the board included, can recompute a past day's hashes.
 */
export default {
  name: '20261126210320_create_job_stat_salts',
  async up(knex) {
    await knex.schema.createTable('job_stat_salts', (t) => {
      t.string('day', 10).primary();
      t.string('salt', 64).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_stat_salts');
  },
} satisfies Migration;
