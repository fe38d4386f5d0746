import { JOB_AUDIT_DETAIL_MAX } from '@jobboard/contract/admin';
import type { Db } from '../../platform/db/knex';
import { storedChanges, type AuditActor, type JobAuditEntry, type JobAuditRow } from '../job-audit';

/** The `job_audit` table (owned by the jobs domain): every change of a job, with who and when. */
export async function recordJobAudit(
  db: Db,
  entries: JobAuditEntry[],
  by: AuditActor,
  now: Date,
): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((entry) => ({
    job_id: entry.jobId,
    action: entry.action,
    admin_id: by.adminId,
    actor: by.actor.slice(0, 120),
    detail: entry.detail ? Array.from(entry.detail).slice(0, JOB_AUDIT_DETAIL_MAX).join('') : null,
    changes: storedChanges(entry.changes),
    created_at: now.getTime(),
  }));
  // A bulk action writes up to MAX_BULK_JOBS rows, a sync thousands: in parts, under SQLite's
  // bound-parameter limit.
  for (let i = 0; i < rows.length; i += 100) await db('job_audit').insert(rows.slice(i, i + 100));
}

/** A job's lines, oldest first. */
export async function jobAuditOf(db: Db, jobId: number): Promise<JobAuditRow[]> {
  return db('job_audit').where({ job_id: jobId }).orderBy('created_at').orderBy('id');
}
