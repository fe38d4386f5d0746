import type { Migration } from './migration';

/**
 * Who was counted today (issue 30): one row per job, UTC day, kind ('view' or 'apply') and
 * visitor, the visitor being the SHA-256 (hex) of the day's random salt, the client key and the
 * user agent; the primary key makes a second count of the same visitor a no-op (an insert that
 * ignores duplicates). Kept only until the day is rolled up into job_daily_stats: then that day's
 * rows are deleted, and with its salt gone the hashes could not be matched to anyone anyway.
 */
export default {
  name: '20261126210310_create_job_stat_visitors',
  async up(knex) {
    await knex.schema.createTable('job_stat_visitors', (t) => {
      t.string('day', 10).notNullable();
      t.integer('job_id').notNullable();
      t.string('kind', 5).notNullable();
      t.string('visitor', 64).notNullable();
      t.primary(['day', 'job_id', 'kind', 'visitor']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_stat_visitors');
  },
} satisfies Migration;
