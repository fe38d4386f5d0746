import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL only: a GIN index on the title's own vector, for 'Most Relevant' (jobs whose title
 * holds every word come first). SQLite's FTS5 table already indexes the title as a column.
 */
export default {
  name: '20261123000400_title_search_index',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw(
      "CREATE INDEX jobs_title_search_idx ON jobs USING GIN (to_tsvector('simple', title))",
    );
    await knex.raw('ANALYZE jobs');
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('DROP INDEX IF EXISTS jobs_title_search_idx');
  },
} satisfies Migration;
