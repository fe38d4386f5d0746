import type { Migration } from './migration';

/**
 * Extra headers of a queued e-mail, as a JSON object (null: none): the job alerts' digests carry
 * `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) so that mail clients offer their own
 * one-click unsubscribe button.
 */
export default {
  name: '20261125050100_outbox_headers',
  async up(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.text('headers').nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.dropColumn('headers');
    });
  },
} satisfies Migration;
