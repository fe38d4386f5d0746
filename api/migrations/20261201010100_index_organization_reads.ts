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
export default {
  name: '20261201010100_index_organization_reads',
  async up(knex) {
    await knex.schema.alterTable('job_categories', (t) => {
      t.index(['category_id', 'job_id'], 'job_categories_category_job_index');
    });
    await knex.schema.alterTable('job_locations', (t) => {
      t.index(['location_id', 'job_id'], 'job_locations_location_job_index');
    });
    await knex.schema.alterTable('jobs', (t) => {
      t.index(
        ['company_id', 'archived', 'active', 'posted_date', 'id'],
        'jobs_company_live_posted_index',
      );
    });
  },
  async down(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.dropIndex([], 'jobs_company_live_posted_index');
    });
    await knex.schema.alterTable('job_locations', (t) => {
      t.dropIndex([], 'job_locations_location_job_index');
    });
    await knex.schema.alterTable('job_categories', (t) => {
      t.dropIndex([], 'job_categories_category_job_index');
    });
  },
} satisfies Migration;
