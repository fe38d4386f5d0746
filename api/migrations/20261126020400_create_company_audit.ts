import type { Migration } from './migration';

/**
 * Every change of a company's details (website, logo, description): which detail, the old and
 * the new value, who set it (admin / submission / sync / demo), the actor ('admin:<username>',
 * 'sync:airtable', 'employer') and the submission it came from, if any; for the timelines of the
 * company's jobs and of the submission. No foreign keys: the record outlives what it names.
 */
export default {
  name: '20261126020400_create_company_audit',
  async up(knex) {
    await knex.schema.createTable('company_audit', (t) => {
      t.increments('id');
      t.integer('company_id').notNullable();
      t.string('field', 20).notNullable(); // 'websiteUrl' | 'logo' | 'description'
      t.text('old_value').nullable();
      t.text('new_value').nullable();
      t.string('set_by', 20).notNullable();
      t.string('actor', 120).notNullable();
      t.integer('admin_id').nullable();
      t.integer('submission_id').nullable();
      t.bigInteger('created_at').notNullable();
      t.index(['company_id', 'created_at']);
      t.index(['submission_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('company_audit');
  },
} satisfies Migration;
