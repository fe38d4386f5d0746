import type { Migration } from './migration';

/**
 * What each audited change changed: a JSON list of { field, from, to } (job-changes.ts in the
 * contract), long text kept as a short diff and the whole clipped to JOB_AUDIT_LIMITS.changes
 * characters. Null on the lines written before (and on lines that name no field: a deletion).
 */
export default {
  name: '20261126010100_job_audit_changes',
  async up(knex) {
    await knex.schema.alterTable('job_audit', (t) => {
      t.text('changes').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE job_audit DROP COLUMN changes');
  },
} satisfies Migration;
