import type { Migration } from './migration';

/**
 * The newsletter blocks sent to the publication's Ghost as draft posts (issue 44): one row per
 * issue (when, by whom, the range it covered, the draft's id and where to edit it in Ghost), and
 * the jobs each held, in order, `promised` for a listing that bought the newsletter: that listing
 * has had what it paid for, and its employer's page names the issue. Ghost's values are `text`:
 * they come from outside, and a width would only turn a longer one into a failed record after the
 * draft was made.
 */
export default {
  name: '20261129141000_create_newsletter_issues',
  async up(knex) {
    await knex.schema.createTable('newsletter_issues', (t) => {
      t.increments('id');
      t.bigInteger('created_at').notNullable();
      // 'admin:<username>' (a username is at most 100 characters), 'command line' or 'schedule'.
      t.string('created_by', 120).notNullable();
      t.string('title', 200).notNullable();
      t.string('range_from', 10).notNullable();
      t.string('range_to', 10).notNullable();
      t.text('intro').nullable();
      t.text('ghost_post_id').notNullable();
      t.text('ghost_edit_url').notNullable();
      t.index(['created_at']);
    });
    await knex.schema.createTable('newsletter_issue_jobs', (t) => {
      t.integer('issue_id')
        .notNullable()
        .references('id')
        .inTable('newsletter_issues')
        .onDelete('CASCADE');
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.integer('position').notNullable();
      t.boolean('promised').notNullable().defaultTo(false);
      t.primary(['issue_id', 'job_id']);
      t.index(['job_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('newsletter_issue_jobs');
    await knex.schema.dropTable('newsletter_issues');
  },
} satisfies Migration;
