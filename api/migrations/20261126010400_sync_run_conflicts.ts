import type { Migration } from './migration';

/**
 * Where a sync and an admin disagreed and the admin's decision was kept: how many, and the first
 * SYNC_LIMITS.reportedConflicts of them as a JSON list (the contract's SyncConflict).
 */
export default {
  name: '20261126010400_sync_run_conflicts',
  async up(knex) {
    await knex.schema.alterTable('sync_runs', (t) => {
      t.integer('conflicts').notNullable().defaultTo(0);
      t.text('conflict_records').notNullable().defaultTo('[]');
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE sync_runs DROP COLUMN conflict_records');
    await knex.raw('ALTER TABLE sync_runs DROP COLUMN conflicts');
  },
} satisfies Migration;
