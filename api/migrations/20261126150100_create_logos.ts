import type { Migration } from './migration';

/**
 * Company logos as the board serves them from its own origin (`/logos/<hash>.png`): fetched once
 * from the address a company gives, re-encoded to a small PNG, and kept here by the SHA-256 of
 * those bytes, so the same picture is stored once whoever gives it. `source_url` is the address it
 * was first fetched from (2000: companies.logo_url's width).
 */
export default {
  name: '20261126150100_create_logos',
  async up(knex) {
    await knex.schema.createTable('logos', (t) => {
      t.string('hash', 64).primary();
      t.string('content_type', 40).notNullable();
      t.binary('bytes').notNullable();
      t.integer('width').notNullable();
      t.integer('height').notNullable();
      t.string('source_url', 2000).notNullable();
      t.bigInteger('fetched_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('logos');
  },
} satisfies Migration;
