import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL: a GIN index on `jobs.location_ids` (migration 20261127000300), which the planner
 * intersects with the text index (BitmapAnd) for a term with a location, or reads alone for a
 * location without a term.
 */
export default {
  name: '20261127000310_index_job_location_ids',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('CREATE INDEX jobs_location_ids_idx ON jobs USING GIN (location_ids)');
    await knex.raw('ANALYZE jobs');
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('DROP INDEX jobs_location_ids_idx');
  },
} satisfies Migration;
