import type { Migration } from './migration';

/**
 * The employer's decline e-mail goes once per application (issue 42): `declined_at` is when it was
 * queued, null until then. Its status alone cannot say so: an employer may mark an application
 * 'declined' without writing to the applicant, and send the e-mail later.
 */
export default {
  name: '20261129120100_application_declines',
  async up(knex) {
    await knex.schema.alterTable('applications', (t) => {
      t.bigInteger('declined_at').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE applications DROP COLUMN declined_at');
  },
} satisfies Migration;
