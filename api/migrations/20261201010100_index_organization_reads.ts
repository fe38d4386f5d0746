import type { Migration } from './migration';

/**
 * Indexes for the reads of issue 47 (jobs/repositories/organization-reads.ts):
 * - the jobs of one category (or location) by id: a job page's similar jobs walk one label's index
 *   from the newest job back and stop at the fourth live one. The old index on the label alone
 *   holds a label's jobs in no useful order on PostgreSQL (each read and sorted: thousands of rows
 *   for a common category at 100,000 jobs);
 * - a company's jobs, live first and newest first: its page's open jobs read only that company's
 *   rows, in the page's order, rather than every job it ever had and a sort.
 */
const INDEXES = [
  'job_categories_category_job_index ON job_categories (category_id, job_id)',
  'job_locations_location_job_index ON job_locations (location_id, job_id)',
  'jobs_company_live_posted_index ON jobs (company_id, archived, active, posted_date, id)',
];

export default {
  name: '20261201010100_index_organization_reads',
  async up(knex) {
    for (const index of INDEXES) await knex.raw(`CREATE INDEX ${index}`);
  },
  async down(knex) {
    for (const index of [...INDEXES].reverse()) {
      await knex.raw(`DROP INDEX ${index.split(' ')[0]}`);
    }
  },
} satisfies Migration;
