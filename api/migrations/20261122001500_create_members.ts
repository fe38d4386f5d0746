import type { Migration } from './migration';

/** Members signed in through the provider's membership system (Ghost). */
export default {
  name: '20261122001500_create_members',
  async up(knex) {
    await knex.schema.createTable('members', (t) => {
      t.increments('id');
      t.string('ghost_uuid', 100).notNullable().unique();
      t.string('email', 320).notNullable();
      t.string('name', 200).nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('last_seen_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('members');
  },
} satisfies Migration;
