import type { Migration } from './migration';

/**
 * Ghost identity tokens already used to sign in, each remembered until it expires, so a token
 * (from a log, a browser history, a shared link) signs in once and no more. Only a SHA-256 of
 * the token is kept: Ghost's tokens carry no `jti` of their own.
 */
export default {
  name: '20261126000100_create_spent_member_tokens',
  async up(knex) {
    await knex.schema.createTable('spent_member_tokens', (t) => {
      t.string('token_hash', 64).primary();
      t.bigInteger('expires_at').notNullable();
      t.index(['expires_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('spent_member_tokens');
  },
} satisfies Migration;
