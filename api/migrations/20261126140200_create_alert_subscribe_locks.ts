import type { Migration } from './migration';

/**
 * One row per address that has asked for a job alert (its key's SHA-256, so any address fits):
 * a subscription takes its address's row (an upsert, which locks it on PostgreSQL; SQLite has one
 * writer) before it counts the address's confirmation e-mails, so 20 requests at once for one
 * address send exactly the allowed number (alerts/alerts-service.ts). The row named by
 * GLOBAL_LOCK guards the board's daily cap of confirmation e-mails the same way.
 */
export default {
  name: '20261126140200_create_alert_subscribe_locks',
  async up(knex) {
    await knex.schema.createTable('alert_subscribe_locks', (t) => {
      t.string('lock_key', 64).primary();
      t.bigInteger('taken_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('alert_subscribe_locks');
  },
} satisfies Migration;
