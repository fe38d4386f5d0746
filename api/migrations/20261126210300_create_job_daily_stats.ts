import type { Migration } from './migration';

/**
 * The numbers that show a listing worked (issue 30): per job and per UTC day, how many visitors
 * viewed it (its modal or its page) and how many followed its Apply button. One row per job and
 * day, written when a day's visitors are rolled up (api/src/job-stats/). No foreign key: a row
 * outlives nothing it needs, and a count flushed for a job deleted meanwhile must not fail the
 * batch it came in; the stats of a deleted job are simply never asked for.
 * `day` is the UTC date 'YYYY-MM-DD'; the counts are int4 (a day's visitors of one job).
 */
export default {
  name: '20261126210300_create_job_daily_stats',
  async up(knex) {
    await knex.schema.createTable('job_daily_stats', (t) => {
      t.integer('job_id').notNullable();
      t.string('day', 10).notNullable();
      t.integer('views').notNullable().defaultTo(0);
      t.integer('apply_clicks').notNullable().defaultTo(0);
      t.primary(['job_id', 'day']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_daily_stats');
  },
} satisfies Migration;
