import type { Migration } from './migration';

/**
 * "Still hiring?" check-ins (issue 45).
 *
 * - `check_ins`: one row per listing and age (unique: however many processes or runs, a listing
 *   is asked once at each age), written in the transaction that queues its e-mail. Only the
 *   hash of its link's token is kept (hex SHA-256, as the sign-in links'). The answer ('open' or
 *   'filled') and when, when it was flagged for no answer, and when that took the listing off the
 *   board. Times in epoch ms; `answer` is text (no width to outgrow on PostgreSQL); `age_days` is
 *   at most 365 (the settings' check, CHECK_IN_LIMITS).
 * - `check_in_lease`: one run of the check-ins at a time in any number of API processes.
 */
export default {
  name: '20261129150100_check_ins',
  async up(knex) {
    await knex.schema.createTable('check_ins', (t) => {
      t.increments('id').primary();
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.integer('age_days').notNullable();
      t.string('token_hash', 64).notNullable().unique();
      t.bigInteger('sent_at').notNullable();
      t.text('answer').nullable();
      t.bigInteger('answered_at').nullable();
      t.bigInteger('unanswered_at').nullable();
      t.bigInteger('closed_at').nullable();
      t.unique(['job_id', 'age_days']);
      // The run's read of what has waited too long for an answer.
      t.index(['answered_at', 'unanswered_at', 'sent_at']);
    });
    await knex.schema.createTable('check_in_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
    });
    await knex('check_in_lease').insert({ name: 'check-ins' });
  },
  async down(knex) {
    await knex.schema.dropTable('check_in_lease');
    await knex.schema.dropTable('check_ins');
  },
} satisfies Migration;
