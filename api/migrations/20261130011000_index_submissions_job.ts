import type { Migration } from './migration';

/**
 * An index on the job each submission was published as (issue 45). "Which submission is this job
 * from?" (SubmissionsRepository.idsByJob) is asked by the still-hiring check-ins' run for every
 * batch of listings with one due, and for each listing it takes off the board; by the employer's
 * page, the admins' job list and the link checker too. Without the index each question read every
 * submission: at 100,000 listings the run that asked an hour's 48 listings took 2.8 s on SQLite
 * (0.4 s with the index) and 3.7 s on PostgreSQL, a day's 1,156 took 11.6 s and 19.1 s (2.1 s and
 * 3.9 s with it; `pnpm bench --only=trust`, on a busy shared machine). SQLite and PostgreSQL index
 * no foreign key by themselves.
 */
export default {
  name: '20261130011000_index_submissions_job',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.index(['job_id'], 'submissions_job_id_index');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.dropIndex(['job_id'], 'submissions_job_id_index');
    });
  },
} satisfies Migration;
