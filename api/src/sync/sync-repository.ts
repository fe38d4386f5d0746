import {
  SYNC_LIMITS,
  SYNC_SOURCE_NAMES,
  type SkippedRecord,
  type SyncConflict,
  type SyncRun,
  type SyncSource,
} from '@jobboard/contract/admin';
import type { Db } from '../platform/db/knex';
import { Lease } from '../platform/db/lease';

/** What a finished sync leaves behind (sync_runs). */
export interface SyncRunRecord {
  source: SyncSource;
  trigger: SyncRun['trigger'];
  status: SyncRun['status'];
  startedAt: Date;
  finishedAt: Date;
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  skipped: number;
  skippedRecords: SkippedRecord[];
  /** Where the source and an admin disagree and the admin's decision was kept. */
  conflicts: SyncConflict[];
  error: string | null;
}

interface SyncRunRow {
  id: number;
  source: string;
  trigger: string;
  status: string;
  started_at: number | string;
  finished_at: number | string;
  created: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  skipped: number;
  skipped_records: string;
  conflicts: number;
  conflict_records: string;
  error: string | null;
}

/**
 * The lock that keeps two syncs from running at once, the one row of `sync_lease`
 * (migrations/20261125020300): `acquired_at` says since when the running sync holds it.
 */
export const SYNC_LEASE = new Lease({
  table: 'sync_lease',
  name: 'jobs',
  columns: { acquiredAt: true, lastFinishedAt: false },
});

/** The `sync_runs` and `sync_lease` tables: the only code that reads or writes them. */
export class SyncRepository {
  /** The syncs' lock (tests hold it as another process would). */
  readonly lease = SYNC_LEASE;

  /** Record a finished sync, keeping the newest SYNC_LIMITS.keptRuns. */
  async record(db: Db, run: SyncRunRecord): Promise<void> {
    await db('sync_runs').insert({
      source: run.source,
      trigger: run.trigger,
      status: run.status,
      started_at: run.startedAt.getTime(),
      finished_at: run.finishedAt.getTime(),
      created: run.created,
      updated: run.updated,
      unchanged: run.unchanged,
      deactivated: run.deactivated,
      skipped: run.skipped,
      skipped_records: JSON.stringify(run.skippedRecords.slice(0, SYNC_LIMITS.reportedSkips)),
      conflicts: run.conflicts.length,
      conflict_records: JSON.stringify(run.conflicts.slice(0, SYNC_LIMITS.reportedConflicts)),
      error: run.error === null ? null : run.error.slice(0, SYNC_LIMITS.error),
    });
    // Only the newest are kept. Ids grow with each sync (one at a time), so the oldest go first.
    const oldestKept: { id: number | string } | undefined = await db('sync_runs')
      .orderBy('id', 'desc')
      .offset(SYNC_LIMITS.keptRuns - 1)
      .first('id');
    if (oldestKept) await db('sync_runs').where('id', '<', oldestKept.id).delete();
  }

  /** When the latest successful sync ended (epoch ms), or null when none has (the metrics). */
  async lastSucceededAt(db: Db): Promise<number | null> {
    const row: { finished: number | string | null } | undefined = await db('sync_runs')
      .where('status', 'succeeded')
      .first(db.raw('max(finished_at) AS finished'));
    return row?.finished == null ? null : Number(row.finished);
  }

  /** The latest sync, as the dashboard shows it. */
  async last(db: Db): Promise<SyncRun | null> {
    // Rows go in as syncs end (one sync at a time): the highest id is the latest.
    const row: SyncRunRow | undefined = await db('sync_runs').orderBy('id', 'desc').first();
    if (!row) return null;
    return {
      id: String(row.id),
      source: SYNC_SOURCE_NAMES[row.source as SyncSource] ?? row.source,
      trigger: row.trigger === 'schedule' ? 'schedule' : 'admin',
      status: row.status === 'failed' ? 'failed' : 'succeeded',
      startedAt: new Date(Number(row.started_at)).toISOString(),
      finishedAt: new Date(Number(row.finished_at)).toISOString(),
      created: Number(row.created),
      updated: Number(row.updated),
      unchanged: Number(row.unchanged),
      deactivated: Number(row.deactivated),
      skipped: Number(row.skipped),
      skippedRecords: JSON.parse(row.skipped_records) as SkippedRecord[],
      conflicts: Number(row.conflicts),
      conflictRecords: JSON.parse(row.conflict_records) as SyncConflict[],
      error: row.error,
    };
  }
}
