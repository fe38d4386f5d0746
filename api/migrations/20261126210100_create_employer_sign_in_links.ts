import type { Migration } from './migration';

/**
 * The employers' sign-in links (issue 30): no accounts, an e-mailed link per sign-in. Only the
 * SHA-256 of a link's token is kept (hex), so a copy of the database holds no working link. A link
 * names the address it was sent to (normalised: trimmed, lower case), ends at `expires_at` (epoch
 * ms) and works once: `used_at` is set by the one request that consumes it (employers/).
 */
export default {
  name: '20261126210100_create_employer_sign_in_links',
  async up(knex) {
    await knex.schema.createTable('employer_sign_in_links', (t) => {
      t.increments('id');
      t.string('token_hash', 64).notNullable().unique();
      t.string('email', 320).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('used_at').nullable();
      t.index(['expires_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('employer_sign_in_links');
  },
} satisfies Migration;
