import type { Migration } from './migration';

export default {
  name: '20261122000800_create_promo_codes',
  async up(knex) {
    await knex.schema.createTable('promo_codes', (t) => {
      t.increments('id');
      t.string('code', 40).notNullable().unique(); // stored upper-case
      t.string('description', 300).notNullable().defaultTo('');
      // Exactly one of the two is set.
      t.integer('percent_off').nullable();
      t.integer('amount_off_cents').nullable();
      t.bigInteger('starts_at').nullable();
      t.bigInteger('ends_at').nullable();
      t.integer('max_redemptions').nullable();
      t.integer('redemptions').notNullable().defaultTo(0);
      t.boolean('active').notNullable().defaultTo(true);
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('promo_codes');
  },
} satisfies Migration;
