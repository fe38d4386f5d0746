import { JOB_AUDIT_DETAIL_MAX } from '@jobboard/contract';
import type { Db } from '../db/knex';

/** What an admin did to a job: the kinds of a job's timeline that come from `job_audit`. */
export type JobAuditAction =
  'created' | 'edited' | 'activated' | 'deactivated' | 'extended' | 'republished' | 'deleted';

/** Who did it: the admin's id and 'admin:<username>'. */
export interface AuditActor {
  adminId: number | null;
  actor: string;
}

/** The admin making a change as an audit line names them: 'admin:<username>', or 'system'. */
export function auditActor(admin: { id: number; username: string } | undefined): AuditActor {
  return { adminId: admin?.id ?? null, actor: admin ? `admin:${admin.username}` : 'system' };
}

export interface JobAuditEntry {
  jobId: number;
  action: JobAuditAction;
  detail?: string | null;
}

export interface JobAuditRow {
  id: number;
  job_id: number;
  action: JobAuditAction;
  actor: string;
  detail: string | null;
  created_at: number;
}

/** The `job_audit` table (owned by the jobs domain): admin edits of jobs, with who and when. */
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
    created_at: now.getTime(),
  }));
  // A bulk action writes up to MAX_BULK_JOBS rows: in parts, under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 100) await db('job_audit').insert(rows.slice(i, i + 100));
}

export async function jobAuditOf(db: Db, jobId: number): Promise<JobAuditRow[]> {
  return db('job_audit').where({ job_id: jobId }).orderBy('created_at').orderBy('id');
}
