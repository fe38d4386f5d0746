import {
  EXTEND_DAYS,
  SYNC_CONFLICT_MESSAGES,
  bulkSummary,
  type BulkJobActionName,
  type BulkJobResult,
} from '@jobboard/contract/admin';
import { changeSummary, type FieldChange } from '@jobboard/contract/jobs';
import type { JobAuditEntry } from './job-audit';
import { changedFieldsOf } from './job-patch';
import { extendedDetail, extendedEnd, lifecyclePatch } from './lifecycle';
import type { JobPatch } from './job-input';

/**
 * How each change of a job reads in its history (`job_audit`): the lines the jobs service
 * (jobs-service.ts) records with the changes, wherever they come from.
 */

/** An edit (the admin's form, or the system's patch): which fields changed, from what to what. */
export const editedLine = (jobId: number, changes: FieldChange[]): JobAuditEntry => ({
  jobId,
  action: 'edited',
  detail: changes.length ? changeSummary(changedFieldsOf(changes)) : 'Saved unchanged',
  changes,
});

/**
 * The link checker's verdict on a job's application link (link-checks/): flagged at `at`, or
 * answering again (null), with why in its words.
 */
export interface ApplyLinkFlag {
  at: Date | null;
  detail: string;
  now: Date;
}

/** The line of a link flagged or cleared. */
export const linkFlagLine = (jobId: number, flag: ApplyLinkFlag): JobAuditEntry => ({
  jobId,
  action: flag.at ? 'link_flagged' : 'link_cleared',
  detail: flag.detail,
});

/** A synced job given back to its source, with the fields that were the admin's. */
export const returnedLine = (jobId: number, fields: string[]): JobAuditEntry => ({
  jobId,
  action: 'returned',
  detail: fields.length
    ? `${SYNC_CONFLICT_MESSAGES.returned} (${changeSummary(fields).replace(/^Changed /, '')})`
    : SYNC_CONFLICT_MESSAGES.returned,
});

/** A paid submission's job, published. */
export const publishedLine = (
  jobId: number,
  from: { submissionId: number; withCredit: boolean },
): JobAuditEntry => ({
  jobId,
  action: 'created',
  detail: from.withCredit
    ? `Published from submission #${from.submissionId} with a Multiples credit`
    : `Published from submission #${from.submissionId} after payment`,
});

/** What a sync wrote: the jobs it created, those it changed, those whose record left the source. */
export function syncLines(
  sourceName: string,
  written: { created: number[]; changed: [number, FieldChange[]][]; deactivated: number[] },
): JobAuditEntry[] {
  return [
    ...written.created.map((jobId) => ({
      jobId,
      action: 'created' as const,
      detail: `Imported from ${sourceName}`,
    })),
    ...written.changed.map(([jobId, changes]) => ({
      jobId,
      action: 'synced' as const,
      detail: changeSummary(changes.map((c) => c.field)),
      changes,
    })),
    ...written.deactivated.map((jobId) => ({
      jobId,
      action: 'deactivated' as const,
      detail: `Its record left ${sourceName}`,
      changes: [{ field: 'active', from: true, to: false }],
    })),
  ];
}

/** The line of a bulk action on a job that has no line of its own kind (extend has). */
export const BULK_DETAIL = 'Bulk action';

/** One job's part of a bulk action: its patch and its line. */
export interface BulkChange {
  id: number;
  patch: JobPatch;
  action: JobAuditEntry['action'];
  detail?: string;
}

/**
 * Each job's change in a bulk action, by the rules of one job's: switched on or off, or extended
 * by EXTEND_DAYS from its end (or now) as one job's extend is (jobs-service.ts, lifecycle.ts).
 */
export function planBulk(
  action: Exclude<BulkJobActionName, 'delete'>,
  ids: number[],
  ends: Map<number, Date | null>,
  now: Date,
): BulkChange[] {
  return ids.map((id): BulkChange => {
    if (action !== 'extend') {
      const active = action === 'activate';
      return { id, patch: { active }, action: active ? 'activated' : 'deactivated' };
    }
    const expiresAt = extendedEnd(ends.get(id) ?? null, EXTEND_DAYS, now);
    return {
      id,
      patch: lifecyclePatch({ active: true, expiresAt }),
      action: 'extended',
      detail: extendedDetail(EXTEND_DAYS, expiresAt),
    };
  });
}

/** The lines of a bulk action: one for each job it changed. */
export function bulkLines(
  planned: BulkChange[],
  changes: Map<number, FieldChange[]>,
): JobAuditEntry[] {
  return planned.flatMap(({ id, action, detail }): JobAuditEntry[] => {
    const changed = changes.get(id) ?? [];
    if (!changed.length) return [];
    return [{ jobId: id, action, detail: detail ?? BULK_DETAIL, changes: changed }];
  });
}

/** What a bulk action answers: how many of the jobs asked for it changed, and its sentence. */
export function bulkResult(
  action: BulkJobActionName,
  requested: number,
  changed: number,
): BulkJobResult {
  const unchanged = requested - changed;
  return {
    action,
    requested,
    changed,
    unchanged,
    message: bulkSummary(action, changed, unchanged),
  };
}

/** Why a bulk action naming jobs that are not there changes nothing (the first ten named). */
export const noSuchJobs = (missing: number[]): string =>
  `No job with id ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '...' : ''}: nothing was changed`;
