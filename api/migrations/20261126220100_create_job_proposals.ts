import type { Migration } from './migration';

/**
 * Changes an employer proposes to their live job (issue 30). `changes` is a JSON object of the
 * fields the employer changed (the job's field names, each with its proposed value): approving
 * writes those and keeps every other field as the job has it then. `email` is the address that
 * proposed (normalised); `status` pending / approved / rejected / withdrawn, with who decided
 * ('admin:<username>', 'employer' for a typo fix that went live at once) and when (epoch ms), and
 * the reason of a rejection. At most one pending proposal per job (a partial unique index: a new
 * proposal replaces the pending one). Deleting a job deletes its proposals.
 */
export default {
  name: '20261126220100_create_job_proposals',
  async up(knex) {
    await knex.schema.createTable('job_proposals', (t) => {
      t.increments('id');
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.text('changes').notNullable();
      t.string('email', 320).notNullable();
      t.bigInteger('created_at').notNullable();
      t.string('status', 16).notNullable();
      t.string('decided_by', 200).nullable();
      t.bigInteger('decided_at').nullable();
      t.text('reason').nullable();
      t.index(['job_id', 'created_at']);
      t.index(['status', 'created_at']);
    });
    await knex.raw(
      "CREATE UNIQUE INDEX job_proposals_one_pending ON job_proposals (job_id) WHERE status = 'pending'",
    );
  },
  async down(knex) {
    await knex.schema.dropTable('job_proposals');
  },
} satisfies Migration;
