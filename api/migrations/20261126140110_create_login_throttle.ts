import type { Migration } from './migration';

/**
 * The sign-in throttle, shared by every API process (admins/login-throttle.ts): one row per
 * (username, client address or IPv6 /64) that has failed lately. `key` is a SHA-256 of the pair
 * (fixed width, whatever the username), `attempts` counted since the pair was last cleared,
 * `delay_ms` the delay the last attempt set (doubling from the first one past the free attempts),
 * `blocked_until` before which no attempt is let through, `last_attempt_at` (epoch ms) for
 * forgetting a pair left alone for a day; those rows are deleted by the rate-limit plugin's purge.
 */
export default {
  name: '20261126140110_create_login_throttle',
  async up(knex) {
    await knex.schema.createTable('login_throttle', (t) => {
      t.string('key', 64).primary();
      t.integer('attempts').notNullable();
      t.bigInteger('delay_ms').notNullable();
      t.bigInteger('blocked_until').notNullable();
      t.bigInteger('last_attempt_at').notNullable();
      t.index(['last_attempt_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('login_throttle');
  },
} satisfies Migration;
