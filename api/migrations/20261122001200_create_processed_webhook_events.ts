import type { Migration } from './migration';

/** Webhook event ids already handled: a repeated delivery finds its id here and changes nothing. */
export default {
  name: '20261122001200_create_processed_webhook_events',
  async up(knex) {
    await knex.schema.createTable('processed_webhook_events', (t) => {
      t.string('event_id', 255).primary();
      t.string('type', 100).notNullable();
      t.bigInteger('processed_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('processed_webhook_events');
  },
} satisfies Migration;
