import type { Migration } from './migration';

/**
 * A flagged renewal payment (`job_renewals.status` needs_review or needs_refund: money Stripe took
 * that did not renew the listing) waits on the admins' review screen, with the first payments'
 * flagged ones, until an admin marks it handled (`resolved_at`, `resolved_by`:
 * 'admin:<username>', as `payments` since 20261124120300_payment_review).
 */
export default {
  name: '20261127000700_renewal_review_resolved',
  async up(knex) {
    await knex.schema.alterTable('job_renewals', (t) => {
      t.bigInteger('resolved_at').nullable();
      t.string('resolved_by', 120).nullable();
      t.index(['status']);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('job_renewals', (t) => {
      t.dropIndex(['status']);
    });
    for (const column of ['resolved_at', 'resolved_by']) {
      await knex.raw(`ALTER TABLE job_renewals DROP COLUMN ${column}`);
    }
  },
} satisfies Migration;
