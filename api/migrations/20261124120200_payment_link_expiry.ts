import type { Migration } from './migration';

/** The 14 days of PAYMENT_LINK_TTL_DAYS, written here so that this migration never changes. */
const EXISTING_LINKS_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Every payment link ends (`payment_token_expires_at`); an admin issues a new one. Links that
 * exist already were e-mailed without an end date, so they get the full period from now.
 */
export default {
  name: '20261124120200_payment_link_expiry',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.bigInteger('payment_token_expires_at').nullable();
    });
    await knex('submissions')
      .whereNotNull('payment_token_hash')
      .update({ payment_token_expires_at: Date.now() + EXISTING_LINKS_TTL_MS });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN payment_token_expires_at');
  },
} satisfies Migration;
