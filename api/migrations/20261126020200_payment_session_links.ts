import type { Migration } from './migration';

/**
 * The pay link each Checkout Session was started from (issue 25): a session opened through a link
 * that an admin revoked afterwards must not publish the listing when it is paid (the webhook flags
 * it for review instead). Sessions recorded before name none. No foreign key, as with
 * `outbox.submission_id`: a payment row is a record and outlives whatever it names.
 */
export default {
  name: '20261126020200_payment_session_links',
  async up(knex) {
    await knex.schema.alterTable('payments', (t) => {
      t.integer('payment_link_id').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE payments DROP COLUMN payment_link_id');
  },
} satisfies Migration;
