import type { Migration } from './migration';

/**
 * The lease that lets one renewal-reminder run go at a time in any number of API processes and
 * `jobboard renewals remind` (like `retention_lease`): one row, taken with a conditional UPDATE.
 */
export default {
  name: '20261126210230_create_renewal_reminder_lease',
  async up(knex) {
    await knex.schema.createTable('renewal_reminder_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
    });
    await knex('renewal_reminder_lease').insert({ name: 'renewal-reminders' });
  },
  async down(knex) {
    await knex.schema.dropTable('renewal_reminder_lease');
  },
} satisfies Migration;
