import type { Migration } from './migration';

/**
 * A synced job's fingerprint: a hash of the source record as it was last written. A sync rewrites
 * a job only when its record changed, so the same sync twice writes nothing and a relative
 * posted date ('3 days ago') keeps the day it was first read as.
 */
export default {
  name: '20261125020100_job_sync_hash',
  async up(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.string('sync_hash', 64).nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE jobs DROP COLUMN sync_hash');
  },
} satisfies Migration;
