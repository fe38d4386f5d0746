import type { Migration } from './migration';

/**
 * The submission an e-mail is about, so a submission's timeline shows its e-mails (sent, waiting
 * or failed). Messages queued before this change name none.
 */
export default {
  name: '20261125040300_outbox_submission',
  async up(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.integer('submission_id').nullable();
      t.index(['submission_id']);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.dropIndex(['submission_id']);
    });
    await knex.raw('ALTER TABLE outbox DROP COLUMN submission_id');
  },
} satisfies Migration;
