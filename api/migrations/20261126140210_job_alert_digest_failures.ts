import type { Migration } from './migration';

/**
 * Failed digests of an alert in a row (0 once one goes through): a digest that throws is put off
 * with a backoff that grows with it (alerts/digest.ts), and the run goes on with the other alerts.
 */
export default {
  name: '20261126140210_job_alert_digest_failures',
  async up(knex) {
    await knex.schema.alterTable('job_alerts', (t) => {
      t.integer('digest_failures').notNullable().defaultTo(0);
    });
  },
  async down(knex) {
    // A plain DROP COLUMN on both databases (no table rebuild on SQLite).
    await knex.raw('ALTER TABLE job_alerts DROP COLUMN digest_failures');
  },
} satisfies Migration;
