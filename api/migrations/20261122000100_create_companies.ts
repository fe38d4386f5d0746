import type { Migration } from './migration';

export default {
  name: '20261122000100_create_companies',
  async up(knex) {
    await knex.schema.createTable('companies', (t) => {
      t.increments('id');
      t.string('name', 300).notNullable().unique();
      t.text('description').notNullable().defaultTo('');
      t.string('website_url', 2000).notNullable().defaultTo('');
      t.string('logo_url', 2000).nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('companies');
  },
} satisfies Migration;
