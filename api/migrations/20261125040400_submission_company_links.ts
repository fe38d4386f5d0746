import type { Migration } from './migration';

/**
 * The company's website and logo, as the employer gives them on the public form (issue 16): kept
 * with the submission until it is published, then set on the job's company ('Visit Company
 * Website' and the logo on the board). As wide as companies.website_url and logo_url.
 */
export default {
  name: '20261125040400_submission_company_links',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.string('company_website_url', 2000).nullable();
      t.string('company_logo_url', 2000).nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN company_logo_url');
    await knex.raw('ALTER TABLE submissions DROP COLUMN company_website_url');
  },
} satisfies Migration;
