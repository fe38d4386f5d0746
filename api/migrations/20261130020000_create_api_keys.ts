import type { Migration } from './migration';

/**
 * API keys (issue 46, docs/http-api.md#integrators): made by an admin for an applicant-tracking
 * system or a partner site.
 *
 * The key itself is never stored: `key_hash` is the SHA-256 of the whole key (64 hex characters;
 * a key is 32 random bytes, so a fast hash is enough: there is nothing to guess from it), `start`
 * its visible beginning ('jb_live_' and the first 8 characters of the random part), unique, by
 * which a call's key is found before its hash is compared in constant time. `scopes` is a JSON
 * list ('listings:read', 'listings:submit'). `created_by` is the admin's username as it was
 * (varchar 100, the username's limit); `last_used_at` is written at most once a minute;
 * `revoked_at` is set once and never cleared (a revoked key is kept, listed, and refused).
 *
 * Submissions made with a key name it (migration 20261130020010).
 */
export default {
  name: '20261130020000_create_api_keys',
  async up(knex) {
    await knex.schema.createTable('api_keys', (t) => {
      t.increments('id');
      t.string('name', 100).notNullable();
      t.string('start', 16).notNullable().unique();
      t.string('key_hash', 64).notNullable();
      t.string('scopes', 200).notNullable();
      t.string('created_by', 100).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('last_used_at').nullable();
      t.bigInteger('revoked_at').nullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('api_keys');
  },
} satisfies Migration;
