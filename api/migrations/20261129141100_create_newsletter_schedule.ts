import type { Migration } from './migration';

/**
 * The weekly newsletter draft (issue 44), one row: its setting (off by default; the day of the
 * week, 0 for Sunday, and the hour, UTC), the lease that lets one process at a time run it (like
 * `renewal_reminder_lease`: holder, expires_at, last_finished_at), the week's slot it last took
 * (epoch ms: a slot is taken once, whatever the number of processes) and what came of that run.
 */
export default {
  name: '20261129141100_create_newsletter_schedule',
  async up(knex) {
    await knex.schema.createTable('newsletter_schedule', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
      t.boolean('enabled').notNullable().defaultTo(false);
      t.integer('weekday').notNullable().defaultTo(1);
      t.integer('hour').notNullable().defaultTo(8);
      t.bigInteger('updated_at').nullable();
      t.string('updated_by', 120).nullable();
      t.bigInteger('last_slot_at').nullable();
      t.bigInteger('last_run_at').nullable();
      t.integer('last_issue_id').nullable();
      t.text('last_message').nullable();
    });
    await knex('newsletter_schedule').insert({ name: 'weekly-draft' });
  },
  async down(knex) {
    await knex.schema.dropTable('newsletter_schedule');
  },
} satisfies Migration;
