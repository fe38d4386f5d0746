import type { Migration } from './migration';

/**
 * Job alerts (issue 17): a search followed by e-mail. An alert is 'pending' until its address
 * confirms it (double opt-in), then 'confirmed' until it is 'unsubscribed'. Widths match
 * ALERT_LIMITS in the contract.
 */
export default {
  name: '20261125050200_create_job_alerts',
  async up(knex) {
    await knex.schema.createTable('job_alerts', (t) => {
      t.increments('id');
      t.string('email', 254).notNullable();
      // The address trimmed and lower-cased: one person's alerts, however the address was typed.
      t.string('email_key', 254).notNullable();
      // The board's normalised query string of the search, with its '?' ('' for every job).
      t.string('search', 2000).notNullable();
      t.string('frequency', 10).notNullable(); // 'daily' | 'weekly'
      t.string('status', 20).notNullable().defaultTo('pending');
      // Only a hash of the confirmation token (hex SHA-256); it works until confirm_expires_at, once.
      t.string('confirm_token_hash', 64).nullable().unique();
      t.bigInteger('confirm_expires_at').nullable();
      // The token of the alert's manage and unsubscribe links, written into every digest.
      t.string('manage_token', 64).notNullable().unique();
      // Jobs with a larger id are new to this alert (its digests' cursor).
      t.integer('last_job_id').notNullable().defaultTo(0);
      t.bigInteger('next_digest_at').nullable();
      t.bigInteger('last_digest_at').nullable();
      // A digest run holds the alert until then (several API processes: one sender per digest).
      t.bigInteger('lease_until').nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('confirmed_at').nullable();
      t.bigInteger('unsubscribed_at').nullable();
      t.index(['email_key']);
      t.index(['status', 'next_digest_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_alerts');
  },
} satisfies Migration;
