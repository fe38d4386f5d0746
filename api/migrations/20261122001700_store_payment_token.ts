import type { Migration } from './migration';

/**
 * Keep the payment token itself rather than its hash: an admin can copy the same link again
 * ("Generate Payment Link") without invalidating the one already e-mailed. The token only lets
 * its holder pay for that listing, and it dies once the submission is paid or rejected.
 */
export default {
  name: '20261122001700_store_payment_token',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.renameColumn('payment_token_hash', 'payment_token');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.renameColumn('payment_token', 'payment_token_hash');
    });
  },
} satisfies Migration;
