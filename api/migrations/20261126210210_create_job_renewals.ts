import type { Migration } from './migration';

/**
 * The payments of renewals (issue 30), beside `payments` (whose rows are the payments that publish
 * a submission): one row per Checkout Session started for a renewal, open until Stripe's webhook
 * says it is paid (then `paid_at`, the end it moved from and to), or flagged for the admins
 * (`needs_review` / `needs_refund` with the reason) when the payment cannot renew the listing.
 * `ends_at_checkout` is the end the session was priced for: a second paid session after the
 * listing was renewed already is flagged, not applied twice. A row outlives its job (no foreign
 * key): it is the receipt.
 */
export default {
  name: '20261126210210_create_job_renewals',
  async up(knex) {
    await knex.schema.createTable('job_renewals', (t) => {
      t.increments('id');
      t.integer('job_id').notNullable();
      t.integer('submission_id').nullable();
      t.integer('renewal_link_id').nullable();
      t.string('checkout_session_id', 255).notNullable().unique();
      t.string('tier', 20).notNullable();
      t.integer('amount_cents').notNullable();
      t.string('currency', 3).notNullable();
      t.string('status', 20).notNullable(); // open | paid | needs_review | needs_refund
      t.text('review_reason').nullable();
      t.bigInteger('ends_at_checkout').nullable();
      t.bigInteger('previous_expires_at').nullable();
      t.bigInteger('new_expires_at').nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('paid_at').nullable();
      t.index(['job_id']);
      t.index(['submission_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_renewals');
  },
} satisfies Migration;
