import type { Migration } from './migration';

export default {
  name: '20261122000600_create_admins',
  async up(knex) {
    await knex.schema.createTable('admins', (t) => {
      t.increments('id');
      t.string('username', 100).notNullable().unique(); // stored lower-case
      t.string('password_hash', 255).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.bigInteger('last_login_at').nullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('admins');
  },
} satisfies Migration;
