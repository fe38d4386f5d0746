import type { Migration } from './migration';

/**
 * A payment the webhook could not accept as the listing's payment (a session this site did not
 * create for it, a different amount or currency, a listing already paid) is kept with the reason
 * (`review_reason`) and the status `needs_review` or `needs_refund` until an admin marks it
 * handled (`resolved_at`, `resolved_by`: 'admin:<username>', as in submission_events.actor).
 */
export default {
  name: '20261124120300_payment_review',
  async up(knex) {
    await knex.schema.alterTable('payments', (t) => {
      t.string('review_reason', 300).nullable();
      t.bigInteger('resolved_at').nullable();
      t.string('resolved_by', 120).nullable();
      t.index(['status']);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('payments', (t) => {
      t.dropIndex(['status']);
    });
    for (const column of ['review_reason', 'resolved_at', 'resolved_by']) {
      await knex.raw(`ALTER TABLE payments DROP COLUMN ${column}`);
    }
  },
} satisfies Migration;
