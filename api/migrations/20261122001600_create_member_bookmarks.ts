import type { Migration } from './migration';

export default {
  name: '20261122001600_create_member_bookmarks',
  async up(knex) {
    await knex.schema.createTable('member_bookmarks', (t) => {
      t.integer('member_id').notNullable().references('id').inTable('members').onDelete('CASCADE');
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.bigInteger('created_at').notNullable();
      t.primary(['member_id', 'job_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('member_bookmarks');
  },
} satisfies Migration;
