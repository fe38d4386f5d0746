import type { Migration } from './migration';

/**
 * Members' sign-in sessions, apart from the admins' `sessions`: a member's cookie can never be read
 * as an admin's, and ending one kind never touches the other. Only a SHA-256 hash of the cookie's
 * token is kept, so a copy of the database opens no session.
 */
export default {
  name: '20261125010100_create_member_sessions',
  async up(knex) {
    await knex.schema.createTable('member_sessions', (t) => {
      t.string('token_hash', 64).primary();
      t.integer('member_id').notNullable().references('id').inTable('members').onDelete('CASCADE');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.index(['member_id']);
      t.index(['expires_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('member_sessions');
  },
} satisfies Migration;
