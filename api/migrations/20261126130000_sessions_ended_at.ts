import type { Migration } from './migration';

/**
 * An ended admin session is kept, marked `ended_at`, until it would have expired, instead of
 * deleted: a request that loaded the session before the admin logged out (a list still loading)
 * saves it when it finishes, and with the row gone that save created it again, signing the admin
 * back in. A save never touches an ended row; a read never returns one.
 */
export default {
  name: '20261126130000_sessions_ended_at',
  async up(knex) {
    await knex.schema.alterTable('sessions', (t) => {
      t.bigInteger('ended_at').nullable();
    });
  },
  async down(knex) {
    await knex('sessions').whereNotNull('ended_at').delete();
    // A plain DROP COLUMN on both databases (no table rebuild on SQLite).
    await knex.raw('ALTER TABLE sessions DROP COLUMN ended_at');
  },
} satisfies Migration;
