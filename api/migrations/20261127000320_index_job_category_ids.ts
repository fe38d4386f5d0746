import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL: a GIN index on `jobs.category_ids` (migration 20261127000300), which the planner
 * intersects with the text index (BitmapAnd) for a term with a category, or reads alone for a
 * category without a term.
 */
export default {
  name: '20261127000320_index_job_category_ids',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('CREATE INDEX jobs_category_ids_idx ON jobs USING GIN (category_ids)');
    await knex.raw('ANALYZE jobs');
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('DROP INDEX jobs_category_ids_idx');
  },
} satisfies Migration;
