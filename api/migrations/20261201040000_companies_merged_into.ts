import { isPostgres, type Migration } from './migration';

/**
 * The company a duplicate was merged into (issue 47): null for a company that was not. Its page
 * answers a permanent redirect to the surviving company's, the sitemap leaves it out, and a job
 * naming its name is filed under the survivor (a later sync cannot undo the merge).
 *
 * On SQLite the column is added with SQLite's own ALTER TABLE, not Knex's: Knex adds a column with
 * a foreign key by copying `companies` into a new table and dropping the old, and inside the
 * migration's transaction foreign keys stay on, so the drop would reach the jobs that name it.
 * A plain column there (the reference is the code's); PostgreSQL keeps the constraint.
 */
export default {
  name: '20261201040000_companies_merged_into',
  async up(knex) {
    if (!isPostgres(knex)) {
      await knex.raw('ALTER TABLE companies ADD COLUMN merged_into_id integer NULL');
      return;
    }
    await knex.schema.alterTable('companies', (t) => {
      t.integer('merged_into_id').nullable().references('id').inTable('companies');
    });
  },
  async down(knex) {
    if (!isPostgres(knex)) {
      await knex.raw('ALTER TABLE companies DROP COLUMN merged_into_id');
      return;
    }
    await knex.schema.alterTable('companies', (t) => {
      t.dropForeign(['merged_into_id']);
      t.dropColumn('merged_into_id');
    });
  },
} satisfies Migration;
