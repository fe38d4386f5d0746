import { SYNC_LIMITS, type HeldJobs, type SyncSource } from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import type { Db, Dialect } from '../../platform/db/knex';
import type { SyncedJob } from '../job-input';
import type { StoredJob } from '../job-patch';
import { parseAdminFields, pluckIds, storedJobs } from './job-rows';

/**
 * What a sync reads of the jobs it made and of the admins' decisions about them: its jobs by
 * external id, the values of those an admin changed, the deletions it must not undo, and which of
 * its last conflicts are still open.
 */
export class SyncedJobsRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  /** Every job `source` made (active or not), for a sync to compare with what the source holds. */
  async syncedJobs(source: SyncSource, db: Db = this.db): Promise<SyncedJob[]> {
    const rows: {
      id: number;
      external_id: string;
      sync_hash: string | null;
      active: unknown;
      admin_fields: string | null;
    }[] = await db('jobs')
      .where({ source })
      .whereNotNull('external_id')
      .select('id', 'external_id', 'sync_hash', 'active', 'admin_fields');
    return rows.map((row) => ({
      id: Number(row.id),
      externalId: row.external_id,
      syncHash: row.sync_hash,
      active: Boolean(row.active),
      adminFields: parseAdminFields(row.admin_fields),
    }));
  }

  /**
   * The jobs `source` made that the pay rule holds back from the board (on, but they show no
   * pay): how many, and the first SYNC_LIMITS.reportedSkips of them, newest first.
   */
  async heldSynced(source: SyncSource, db: Db = this.db): Promise<HeldJobs> {
    const held = () => db('jobs').where({ source }).where('pay_held', true).where('active', true);
    const [counted, rows] = await Promise.all([
      held().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
      held()
        .orderBy('id', 'desc')
        .limit(SYNC_LIMITS.reportedSkips)
        .select('id', 'title', 'external_id') as Promise<
        { id: number; title: string; external_id: string | null }[]
      >,
    ]);
    return {
      count: Number(counted?.n ?? 0),
      jobs: rows.map((row) => ({
        jobId: String(row.id),
        title: row.title,
        externalId: row.external_id,
      })),
    };
  }

  /**
   * The values of these jobs as stored, for a sync to compare with its records where an admin
   * owns fields (the conflicts it reports).
   */
  async storedJobs(ids: number[], db: Db = this.db): Promise<Map<number, StoredJob>> {
    return storedJobs(db, this.dialect, ids);
  }

  /** The fields an admin owns of each of these jobs that has any (the sync panel's conflicts). */
  async adminFieldsOf(ids: number[], db: Db = this.db): Promise<Map<number, string[]>> {
    const owned = new Map<number, string[]>();
    for (const part of chunks(ids)) {
      const rows: { id: number; admin_fields: string | null }[] = await db('jobs')
        .whereIn('id', part)
        .whereNotNull('admin_fields')
        .select('id', 'admin_fields');
      for (const row of rows) {
        const fields = parseAdminFields(row.admin_fields);
        if (fields.length) owned.set(Number(row.id), fields);
      }
    }
    return owned;
  }

  /** The synced jobs of `source` an admin deleted, by external id (a sync does not create them). */
  async deletedSynced(
    source: SyncSource,
    db: Db = this.db,
  ): Promise<Map<string, { id: number; title: string }>> {
    const rows: { id: number; external_id: string; title: string }[] = await db(
      'deleted_synced_jobs',
    )
      .where({ source })
      .select('id', 'external_id', 'title');
    return new Map(rows.map((r) => [r.external_id, { id: Number(r.id), title: r.title }]));
  }

  /** Which of these remembered deletions are still remembered (not restored). */
  async deletionsKept(ids: number[], db: Db = this.db): Promise<Set<number>> {
    const kept = new Set<number>();
    for (const part of chunks(ids)) {
      const rows = await pluckIds(db('deleted_synced_jobs').whereIn('id', part).select('id'));
      for (const id of rows) kept.add(id);
    }
    return kept;
  }
}
