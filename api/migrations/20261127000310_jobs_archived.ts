import type { Migration } from './migration';

/**
 * `jobs.archived`: the job is past its end (its listing expired or its application deadline
 * passed) and out of the board's hot set. The public indexes leave archived jobs out (migrations
 * 20261127000320 to 20261127000340), so what a public search reads does not grow with the board's
 * history (issue 31: 'A million jobs'). Set when a write ends a job and by the retention run's
 * sweep (src/jobs/archive.ts); a write that moves the end into the future (a renewal, an extend)
 * clears it. Admin and employer views read every job, archived or not. Jobs already past their
 * end are archived here.
 */
export default {
  name: '20261127000310_jobs_archived',
  async up(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.boolean('archived').notNullable().defaultTo(false);
    });
    const now = Date.now();
    await knex('jobs')
      .where((q) => q.where('expires_at', '<=', now).orWhere('deadline_ends_at', '<=', now))
      .update({ archived: true });
  },
  async down(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.dropColumn('archived');
    });
  },
} satisfies Migration;
