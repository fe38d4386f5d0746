import type { AdminJob, AdminJobPage, HeldJobs, SyncSource } from '@jobboard/contract/admin';
import type { Job } from '@jobboard/contract/jobs';
import type { Db } from '../platform/db/knex';
import { NotFound } from '../platform/domain-errors';
import type { JobAuditRow } from './job-audit';
import type { StoredJob, SyncedJob } from './job-input';
import type { AdminJobsRepository, LifecycleCounts } from './repositories/admin-jobs';
import type { AdminJobsView } from './repositories/admin-view';
import type { SyncedJobsRepository } from './repositories/synced-jobs';

/**
 * The jobs as the admins' screens and the sync read them (no change: every change goes through
 * jobs-service.ts): any job whatever its state, the admins' views and numbers, a job's history
 * lines, and what a sync compares its records with.
 */
export class JobViews {
  constructor(
    private readonly admin: AdminJobsRepository,
    private readonly synced: SyncedJobsRepository,
  ) {}

  // ---- the admin's screens ---------------------------------------------------------------------

  /** One job whatever its state (NotFound when there is none). */
  async getJob(id: number, now: Date): Promise<AdminJob> {
    const job = await this.admin.findAny(id, now);
    if (!job) throw new NotFound('Job not found');
    return job;
  }

  listAll(now: Date): Promise<AdminJob[]> {
    return this.admin.listAll(now);
  }

  adminPage(view: AdminJobsView, now: Date): Promise<AdminJobPage> {
    return this.admin.adminPage(view, now);
  }

  /** Every job of an admin view, in its order (the CSV export). */
  adminView(view: AdminJobsView, now: Date): Promise<AdminJob[]> {
    return this.admin.adminView(view, now);
  }

  lifecycleCounts(now: Date): Promise<LifecycleCounts> {
    return this.admin.lifecycleCounts(now);
  }

  /** Ids of the live jobs posted in a range of days, newest first (the newsletter block). */
  livePostedBetween(from: string, to: string, now: Date): Promise<number[]> {
    return this.admin.livePostedBetween(from, to, now);
  }

  /** Those of these jobs that are live, whole, in the order of the ids (the newsletter block). */
  liveOf(ids: number[], now: Date): Promise<Job[]> {
    return this.admin.liveOf(ids, now);
  }

  /** A job's history lines, oldest first. */
  auditOf(jobId: number): Promise<JobAuditRow[]> {
    return this.admin.auditOf(jobId);
  }

  // ---- the re-sync (sync/) ---------------------------------------------------------------------

  /** Every job `source` made (active or not), to compare with what the source holds. */
  syncedJobs(source: SyncSource, db?: Db): Promise<SyncedJob[]> {
    return this.synced.syncedJobs(source, db);
  }

  /** The jobs a source made that the pay rule holds back (the sync panel). */
  heldSynced(source: SyncSource, db?: Db): Promise<HeldJobs> {
    return this.synced.heldSynced(source, db);
  }

  /** The values of these jobs as stored (where an admin owns fields: the conflicts). */
  storedJobs(ids: number[], db?: Db): Promise<Map<number, StoredJob>> {
    return this.synced.storedJobs(ids, db);
  }

  /** The synced jobs of `source` an admin deleted, by external id (not created again). */
  deletedSynced(source: SyncSource, db?: Db): Promise<Map<string, { id: number; title: string }>> {
    return this.synced.deletedSynced(source, db);
  }

  /** The fields an admin owns of each of these jobs that has any. */
  adminFieldsOf(ids: number[]): Promise<Map<number, string[]>> {
    return this.synced.adminFieldsOf(ids);
  }

  /** Which of these remembered deletions are still remembered. */
  deletionsKept(ids: number[]): Promise<Set<number>> {
    return this.synced.deletionsKept(ids);
  }
}
