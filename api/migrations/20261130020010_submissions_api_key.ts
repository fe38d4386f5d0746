import type { Migration } from './migration';

/**
 * The API key a submission came with (issue 46): null for the board's form. The review card names
 * the key; a key is revoked, never deleted, so the reference stays (SET NULL all the same, should
 * a database be cleaned by hand).
 */
export default {
  name: '20261130020010_submissions_api_key',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.integer('api_key_id').nullable().references('id').inTable('api_keys').onDelete('SET NULL');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.dropForeign(['api_key_id']);
      t.dropColumn('api_key_id');
    });
  },
} satisfies Migration;
