import type { Migration } from './migration';

/**
 * The renewal links of paid listings (issue 30): like a pay link, a token of which only the
 * SHA-256 hash is kept. A link works as long as its job may be renewed (renewals/eligibility.ts);
 * it goes with its job when the job is deleted.
 */
export default {
  name: '20261126210200_create_renewal_links',
  async up(knex) {
    await knex.schema.createTable('renewal_links', (t) => {
      t.increments('id');
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.string('token_hash', 64).notNullable().unique();
      t.bigInteger('created_at').notNullable();
      t.index(['job_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('renewal_links');
  },
} satisfies Migration;
