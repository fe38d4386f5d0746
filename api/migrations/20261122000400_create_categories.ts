import type { Migration } from './migration';

export default {
  name: '20261122000400_create_categories',
  async up(knex) {
    await knex.schema.createTable('categories', (t) => {
      t.increments('id');
      t.string('name', 200).notNullable().unique();
    });
    await knex.schema.createTable('job_categories', (t) => {
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.integer('category_id')
        .notNullable()
        .references('id')
        .inTable('categories')
        .onDelete('RESTRICT');
      t.integer('position').notNullable();
      t.primary(['job_id', 'category_id']);
      t.index(['category_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_categories');
    await knex.schema.dropTable('categories');
  },
} satisfies Migration;
