import type { Migration } from './migration';

/**
 * The acknowledgement caps (submissions/acknowledgement-caps.ts) count the outbox's messages of
 * one template queued in the last day: this index reads just those, however large the outbox.
 */
export default {
  name: '20261123200200_outbox_template_index',
  async up(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.index(['template', 'created_at']);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.dropIndex(['template', 'created_at']);
    });
  },
} satisfies Migration;
