import type { Migration } from './migration';

/**
 * The application-link checker (issue 45, link-checks/):
 *
 * - `job_link_checks`: one row per job whose link was checked: the link as checked (a job whose
 *   link changed is checked again at once), the last answer (its kind, HTTP status and a short
 *   detail such as an error code), when, how many checks in a row failed and how many of them
 *   were of the dead kinds (404, 410, no such host, TLS, refused), when it was flagged, when its
 *   employer was e-mailed about it, and when it is due again (the checker's order). Gone with its
 *   job. The link is `text`: a job's link is as wide as the job's own column allows.
 * - `link_check_lease`: one run of the checker at a time in any number of processes.
 */
export default {
  name: '20261129150210_create_job_link_checks',
  async up(knex) {
    await knex.schema.createTable('job_link_checks', (t) => {
      t.integer('job_id').primary().references('id').inTable('jobs').onDelete('CASCADE');
      t.text('url').notNullable();
      t.string('result', 16).notNullable();
      t.integer('status').nullable();
      t.string('detail', 200).nullable();
      t.bigInteger('checked_at').notNullable();
      t.integer('failures').notNullable().defaultTo(0);
      t.integer('dead_in_a_row').notNullable().defaultTo(0);
      t.bigInteger('flagged_at').nullable();
      t.bigInteger('mailed_at').nullable();
      t.bigInteger('due_at').notNullable();
      t.index(['due_at']);
    });
    await knex.schema.createTable('link_check_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
    });
    await knex('link_check_lease').insert({ name: 'link-checks' });
  },
  async down(knex) {
    await knex.schema.dropTable('link_check_lease');
    await knex.schema.dropTable('job_link_checks');
  },
} satisfies Migration;
