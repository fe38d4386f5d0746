import type { Migration } from './migration';

export default {
  name: '20261122000300_create_locations',
  async up(knex) {
    await knex.schema.createTable('locations', (t) => {
      t.increments('id');
      t.string('name', 200).notNullable().unique();
    });
    await knex.schema.createTable('job_locations', (t) => {
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.integer('location_id')
        .notNullable()
        .references('id')
        .inTable('locations')
        .onDelete('RESTRICT');
      t.integer('position').notNullable();
      t.primary(['job_id', 'location_id']);
      t.index(['location_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('job_locations');
    await knex.schema.dropTable('locations');
  },
} satisfies Migration;
