import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL: one GIN index over everything a public search matches on (the words and the title's
 * words with their prefixes, migration 20261124000200; the location and category ids, migration
 * 20261127000300), over the live jobs only (`WHERE NOT archived`, migration 20261127000310). A
 * term with a location or a category is then one index scan that yields only the jobs that have
 * both: with an index per column, the planner often read the location's jobs and checked each
 * one's (large) text vector instead, 10,807 buffers for 43 jobs ('washington' in Chicago at
 * 100,000 jobs) where this reads 61. Only the public search reads these columns, always with
 * `jobs.archived = false`. It replaces the two text indexes.
 */
export default {
  name: '20261127000340_index_public_match',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw(`CREATE INDEX jobs_public_match_idx ON jobs
      USING GIN (search_prefixes, title_prefixes, location_ids, category_ids) WHERE NOT archived`);
    await knex.raw('DROP INDEX jobs_search_prefixes_idx');
    await knex.raw('DROP INDEX jobs_title_prefixes_idx');
    await knex.raw('ANALYZE jobs');
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('CREATE INDEX jobs_search_prefixes_idx ON jobs USING GIN (search_prefixes)');
    await knex.raw('CREATE INDEX jobs_title_prefixes_idx ON jobs USING GIN (title_prefixes)');
    await knex.raw('DROP INDEX jobs_public_match_idx');
  },
} satisfies Migration;
