import { CHANNEL_WIDTH } from './20261129140000_job_stat_visitor_channel';
import type { Migration } from './migration';

/**
 * A job's views and apply clicks per UTC day by channel (issue 44), written by the roll-up beside
 * job_daily_stats (which keeps each day's totals, as before): one row per job, day and channel
 * that brought any. A table of its own rather than a channel in job_daily_stats' key: that key
 * cannot change without rewriting the table (a million jobs' days on PostgreSQL) nor without
 * breaking the release before, whose roll-up upserts on (job_id, day). Days rolled up before it
 * have no rows here: their channels were never known, and none is made up. No foreign key, as
 * job_daily_stats. The counts are int4, as there.
 */
export default {
  name: '20261129140010_create_job_daily_channel_stats',
  async up(knex) {
    await knex.schema.createTable('job_daily_channel_stats', (t) => {
      t.integer('job_id').notNullable();
      t.string('day', 10).notNullable();
      t.string('channel', CHANNEL_WIDTH).notNullable();
      t.integer('views').notNullable().defaultTo(0);
      t.integer('apply_clicks').notNullable().defaultTo(0);
      t.primary(['job_id', 'day', 'channel']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_daily_channel_stats');
  },
} satisfies Migration;
