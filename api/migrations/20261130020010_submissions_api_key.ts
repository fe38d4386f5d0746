import { isPostgres, type Migration } from './migration';

/**
 * The API key a submission came with (issue 46): null for the board's form. The review card names
 * the key; a key is revoked, never deleted, so the reference stays (SET NULL all the same, should
 * a database be cleaned by hand).
 *
 * On SQLite the column is added and dropped with SQLite's own ALTER TABLE, not Knex's: Knex adds
 * or drops a column with a foreign key by copying the table into a new one and dropping the old,
 * and inside the migration's transaction foreign keys stay on, so dropping the old `submissions`
 * would cascade to its payment links, renewals and events. A plain column there (the reference is
 * the code's); PostgreSQL keeps the constraint.
 */
export default {
  name: '20261130020010_submissions_api_key',
  async up(knex) {
    if (!isPostgres(knex)) {
      await knex.raw('ALTER TABLE submissions ADD COLUMN api_key_id integer NULL');
      return;
    }
    await knex.schema.alterTable('submissions', (t) => {
      t.integer('api_key_id').nullable().references('id').inTable('api_keys').onDelete('SET NULL');
    });
  },
  async down(knex) {
    if (!isPostgres(knex)) {
      await knex.raw('ALTER TABLE submissions DROP COLUMN api_key_id');
      return;
    }
    await knex.schema.alterTable('submissions', (t) => {
      t.dropForeign(['api_key_id']);
      t.dropColumn('api_key_id');
    });
  },
} satisfies Migration;
