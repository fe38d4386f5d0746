import type { Migration } from './migration';

/**
 * The lease that lets one run of the employers' daily application digests go at a time, in any
 * number of API processes (like `renewal_reminder_lease`): one row, taken with a conditional
 * UPDATE. `last_finished_at` is when a run last went through.
 */
export default {
  name: '20261129120300_create_application_digest_lease',
  async up(knex) {
    await knex.schema.createTable('application_digest_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
    });
    await knex('application_digest_lease').insert({ name: 'application-digests' });
  },
  async down(knex) {
    await knex.schema.dropTable('application_digest_lease');
  },
} satisfies Migration;
