import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL: each job's location and category ids as arrays on its row (`location_ids`,
 * `category_ids`), copies of job_locations and job_categories written with them
 * (src/jobs/repositories/job-columns.ts). A search for a term with a location or a category
 * then matches the text and the labels in one GIN index scan (migration
 * 20261127000340_index_public_match) before it reads a row: with the join tables, PostgreSQL
 * looked up every job of the category (15,000 at 100,000 jobs) and read its text vector to find
 * the 1,000 that match
 * (issue 31: 'PostgreSQL's worst searches'). SQLite keeps the join tables alone: its planner
 * (src/jobs/search/sqlite-plan.ts) already reads the smaller set first.
 */
export default {
  name: '20261127000300_job_label_arrays',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw(`ALTER TABLE jobs
      ADD COLUMN location_ids integer[] NOT NULL DEFAULT '{}',
      ADD COLUMN category_ids integer[] NOT NULL DEFAULT '{}'`);
    await knex.raw(`UPDATE jobs j SET
      location_ids = COALESCE((SELECT array_agg(location_id ORDER BY location_id)
                               FROM job_locations WHERE job_id = j.id), '{}'),
      category_ids = COALESCE((SELECT array_agg(category_id ORDER BY category_id)
                               FROM job_categories WHERE job_id = j.id), '{}')
      WHERE EXISTS (SELECT 1 FROM job_locations WHERE job_id = j.id)
         OR EXISTS (SELECT 1 FROM job_categories WHERE job_id = j.id)`);
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw('ALTER TABLE jobs DROP COLUMN location_ids, DROP COLUMN category_ids');
  },
} satisfies Migration;
