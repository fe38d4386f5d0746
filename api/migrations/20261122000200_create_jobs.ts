import type { Migration } from './migration';

export default {
  name: '20261122000200_create_jobs',
  async up(knex) {
    await knex.schema.createTable('jobs', (t) => {
      t.increments('id');
      t.integer('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('RESTRICT');
      t.string('title', 300).notNullable();
      t.text('description').notNullable().defaultTo('');
      t.string('job_type', 40).notNullable();
      t.boolean('remote').notNullable().defaultTo(false);
      t.string('experience_level', 40).notNullable().defaultTo('Not specified');
      // Salary as written plus the parsed dollar figures the filters and sorts use.
      t.string('salary_text', 200).nullable();
      t.integer('salary_min').nullable();
      t.integer('salary_max').nullable();
      // YYYY-MM-DD when it could be parsed, otherwise the text as given (shown as is).
      t.string('deadline', 60).nullable();
      t.string('posted_date', 10).notNullable(); // YYYY-MM-DD
      // Ordered lists of sentences, only ever read with their job: JSON arrays of strings.
      t.text('responsibilities').notNullable().defaultTo('[]');
      t.text('requirements').notNullable().defaultTo('[]');
      t.text('benefits').notNullable().defaultTo('[]');
      t.string('application_url', 2000).nullable();
      t.string('via', 200).notNullable().defaultTo('');
      t.boolean('featured').notNullable().defaultTo(false);
      t.boolean('active').notNullable().defaultTo(true);
      t.bigInteger('expires_at').nullable();
      // Who owns the row: 'admin', 'submission', 'sync' (external source) or 'demo'.
      t.string('source', 20).notNullable();
      t.string('external_id', 200).nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['source', 'external_id']);
      t.index(['active', 'posted_date']);
      t.index(['expires_at']);
      t.index(['company_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('jobs');
  },
} satisfies Migration;
