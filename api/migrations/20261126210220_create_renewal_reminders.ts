import type { Migration } from './migration';

/**
 * The renewal reminders sent (issue 30): one row per job and end date, written in the transaction
 * that queues the e-mail, so a reminder goes out once per ending whatever runs at once. A renewal
 * moves the end, which makes a new reminder possible for the new end.
 */
export default {
  name: '20261126210220_create_renewal_reminders',
  async up(knex) {
    await knex.schema.createTable('renewal_reminders', (t) => {
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.bigInteger('ends_at').notNullable();
      t.bigInteger('sent_at').notNullable();
      t.primary(['job_id', 'ends_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('renewal_reminders');
  },
} satisfies Migration;
