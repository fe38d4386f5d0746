import type { Migration } from './migration';

/**
 * A member's bookmark of a job that an admin deletes is kept (no more ON DELETE CASCADE to
 * `jobs`): the member's /bookmarks then says the job was removed, on every device, instead of the
 * bookmark vanishing without a word (the browser's own list behaves the same way).
 */
export default {
  name: '20261125010200_member_bookmarks_outlive_jobs',
  async up(knex) {
    await knex.schema.alterTable('member_bookmarks', (t) => {
      t.dropForeign(['job_id']);
    });
  },
  async down(knex) {
    await knex('member_bookmarks').whereNotIn('job_id', knex('jobs').select('id')).delete();
    await knex.schema.alterTable('member_bookmarks', (t) => {
      t.foreign('job_id').references('id').inTable('jobs').onDelete('CASCADE');
    });
  },
} satisfies Migration;
