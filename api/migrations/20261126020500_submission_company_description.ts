import type { Migration } from './migration';

/**
 * What the employer says about the organization on the public form (issue 25), beside its
 * website and logo (20261125040400): the 'About the Company' of a company new to the board, and
 * for one already there a proposal the review shows next to the board's own description.
 */
export default {
  name: '20261126020500_submission_company_description',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.text('company_description').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN company_description');
  },
} satisfies Migration;
