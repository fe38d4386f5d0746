import { CHANNEL_WIDTH } from './20261129140000_job_stat_visitor_channel';
import type { Migration } from './migration';

/**
 * The whole board's views and apply clicks per UTC day by channel (issue 44): the admin's
 * dashboard. Written by the roll-up with the jobs' rows, so the dashboard reads a few hundred rows
 * for its 30 days rather than summing every job's (millions of rows on a large board). Starts
 * empty: the days before it are not made up from job_daily_stats (a scan of the whole table in a
 * migration, and their channels are unknown anyway). The counts are int4: a day's visitors of the
 * whole board stay far below 2^31.
 */
export default {
  name: '20261129140020_create_board_daily_channel_stats',
  async up(knex) {
    await knex.schema.createTable('board_daily_channel_stats', (t) => {
      t.string('day', 10).notNullable();
      t.string('channel', CHANNEL_WIDTH).notNullable();
      t.integer('views').notNullable().defaultTo(0);
      t.integer('apply_clicks').notNullable().defaultTo(0);
      t.primary(['day', 'channel']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('board_daily_channel_stats');
  },
} satisfies Migration;
