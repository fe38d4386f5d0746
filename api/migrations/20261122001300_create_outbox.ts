import type { Migration } from './migration';

/** E-mail waiting to be sent, written in the same transaction as the change that caused it. */
export default {
  name: '20261122001300_create_outbox',
  async up(knex) {
    await knex.schema.createTable('outbox', (t) => {
      t.increments('id');
      t.string('template', 60).notNullable();
      t.string('to_address', 320).notNullable();
      t.string('subject', 300).notNullable();
      t.text('text_body').notNullable();
      t.string('status', 20).notNullable().defaultTo('pending'); // 'pending' | 'sent' | 'failed'
      t.integer('attempts').notNullable().defaultTo(0);
      t.bigInteger('next_attempt_at').notNullable();
      t.text('last_error').nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('sent_at').nullable();
      t.index(['status', 'next_attempt_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('outbox');
  },
} satisfies Migration;
