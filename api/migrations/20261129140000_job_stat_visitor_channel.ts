import type { Migration } from './migration';

/**
 * The widest channel name a column of the numbers holds (the contract's CHANNELS: 'newsletter' is
 * 10), with room for a channel added later; test/job-stats/channel-counts.test.ts holds every
 * channel to it on PostgreSQL.
 */
export const CHANNEL_WIDTH = 16;

/**
 * Where each visitor of the day came from (issue 44): the channel of the first count of a visitor
 * for a job, day and kind (docs/product.md#numbers). Nullable, added without a default: PostgreSQL
 * adds it to a table of any size without rewriting it, the rows of the day already there keep no
 * channel, and a server of the release before, which inserts without it, still can (its visitors
 * are counted in the day's totals only).
 */
export default {
  name: '20261129140000_job_stat_visitor_channel',
  async up(knex) {
    await knex.schema.alterTable('job_stat_visitors', (t) => {
      t.string('channel', CHANNEL_WIDTH).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('job_stat_visitors', (t) => {
      t.dropColumn('channel');
    });
  },
} satisfies Migration;
