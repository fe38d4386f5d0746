import type { Migration } from './migration';

/**
 * Dead application links (issue 45): when the board's checker found a job's application link dead
 * twice in a row (epoch ms), null while it answers or has not been found so. On the job itself,
 * not beside it: the job's public page says the posting may have closed, and the public answers
 * are the jobs slice's, cached by the jobs version that a change of this column raises. What each
 * check answered is the link checker's own table (job_link_checks).
 */
export default {
  name: '20261129150200_jobs_apply_link_flag',
  async up(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.bigInteger('apply_link_flagged_at').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE jobs DROP COLUMN apply_link_flagged_at');
  },
} satisfies Migration;
