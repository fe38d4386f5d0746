import { isPostgres, type Migration } from './migration';

/**
 * Full-text search over title, organization, description and locations. SQLite gets an FTS5 table
 * keyed by the job id; PostgreSQL a weighted tsvector column with a GIN index. The application keeps
 * both up to date (jobs/search-index), because the text spans several tables.
 */
export default {
  name: '20261122000500_create_jobs_search_index',
  async up(knex) {
    if (isPostgres(knex)) {
      await knex.schema.alterTable('jobs', (t) => {
        t.specificType('search_vector', 'tsvector').nullable();
      });
      await knex.raw('CREATE INDEX jobs_search_vector_idx ON jobs USING GIN (search_vector)');
    } else {
      await knex.raw(
        `CREATE VIRTUAL TABLE jobs_fts USING fts5(
           title, organization, description, locations,
           tokenize = 'unicode61 remove_diacritics 2'
         )`,
      );
    }
  },
  async down(knex) {
    if (isPostgres(knex)) {
      await knex.raw('DROP INDEX IF EXISTS jobs_search_vector_idx');
      await knex.schema.alterTable('jobs', (t) => t.dropColumn('search_vector'));
    } else {
      await knex.raw('DROP TABLE IF EXISTS jobs_fts');
    }
  },
} satisfies Migration;
