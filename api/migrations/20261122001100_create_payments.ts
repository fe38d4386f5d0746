import type { Migration } from './migration';

export default {
  name: '20261122001100_create_payments',
  async up(knex) {
    await knex.schema.createTable('payments', (t) => {
      t.increments('id');
      t.integer('submission_id')
        .notNullable()
        .references('id')
        .inTable('submissions')
        .onDelete('CASCADE');
      t.string('provider', 20).notNullable(); // 'stripe' | 'manual'
      t.string('checkout_session_id', 255).nullable().unique();
      t.integer('amount_cents').notNullable();
      t.string('currency', 3).notNullable().defaultTo('usd');
      t.string('status', 20).notNullable(); // 'open' | 'paid' | 'expired'
      t.bigInteger('created_at').notNullable();
      t.bigInteger('paid_at').nullable();
      t.index(['submission_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('payments');
  },
} satisfies Migration;
