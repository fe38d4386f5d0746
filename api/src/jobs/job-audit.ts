import { check } from '@jobboard/contract/common';
import { FieldChange, JOB_AUDIT_LIMITS, type ChangeValue } from '@jobboard/contract/jobs';
import { array } from 'superstruct';

/**
 * What happened to a job: the kinds of a job's timeline that come from `job_audit`. 'synced': a
 * sync wrote its source's values; 'returned': an admin gave a synced job back to its source.
 */
export type JobAuditAction =
  | 'created'
  | 'edited'
  | 'activated'
  | 'deactivated'
  | 'extended'
  | 'republished'
  /** The employer paid for another term (renewals/). */
  | 'renewed'
  | 'deleted'
  | 'synced'
  | 'returned'
  /** The employer marked the job filled or closed (its detail says which): off the board. */
  | 'closed'
  /** Taken off the board after visitors' reports (reports/, issue 45): by their number, or an admin. */
  | 'hidden'
  /** Put back on the board after its reports were reviewed (reports/, issue 45). */
  | 'restored'
  /** The link checker found its application link dead, or answering again (link-checks/). */
  | 'link_flagged'
  | 'link_cleared';

/** Who did it: the admin's id and 'admin:<username>', or 'system', 'sync:airtable', 'stripe'. */
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
  /** Which fields changed, from what to what (as written: they are clipped when recorded). */
  changes?: FieldChange[];
}

/** A line of `job_audit` as stored (repositories/job-audit-log.ts writes and reads them). */
export interface JobAuditRow {
  id: number;
  job_id: number;
  action: JobAuditAction;
  actor: string;
  detail: string | null;
  changes: string | null;
  created_at: number;
}

const chars = (text: string) => Array.from(text);

/**
 * A long text as the audit keeps it: both sides whole when short, otherwise the part that
 * changed with a little context each side ('…' where text was left out), each side at most
 * JOB_AUDIT_LIMITS.text characters.
 */
export function clipText(from: string, to: string): [string, string] {
  const { text: max, context } = JOB_AUDIT_LIMITS;
  const a = chars(from);
  const b = chars(to);
  if (a.length <= max && b.length <= max) return [from, to];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  ) {
    end += 1;
  }
  const side = (text: string[]) => {
    const from = Math.max(0, start - context);
    const to = Math.min(text.length, text.length - end + context);
    const middle = text.slice(from, to);
    const budget = max - 2;
    const kept =
      middle.length > budget
        ? [...middle.slice(0, budget - context - 1), '…', ...middle.slice(-context)]
        : middle;
    return `${from > 0 ? '…' : ''}${kept.join('')}${to < text.length ? '…' : ''}`;
  };
  return [side(a), side(b)];
}

/** A text with nothing to compare it with: its beginning. */
const clipStart = (text: string, max: number) =>
  chars(text).length > max
    ? `${chars(text)
        .slice(0, max - 1)
        .join('')}…`
    : text;

/** A list as the audit keeps it: its first entries, each clipped, then how many more there were. */
function clipList(list: string[]): string[] {
  const { listItems, listItem } = JOB_AUDIT_LIMITS;
  const kept = list.slice(0, listItems).map((entry) => clipStart(entry, listItem));
  return list.length > listItems ? [...kept, `… ${list.length - listItems} more`] : kept;
}

function clipValue(value: ChangeValue): ChangeValue {
  if (Array.isArray(value)) return clipList(value);
  if (typeof value === 'string') return clipStart(value, JOB_AUDIT_LIMITS.text);
  return value;
}

/** A change as the audit keeps it (see JOB_AUDIT_LIMITS). */
export function clipChange(change: FieldChange): FieldChange {
  if (typeof change.from === 'string' && typeof change.to === 'string') {
    const [from, to] = clipText(change.from, change.to);
    return { field: change.field, from, to };
  }
  return { field: change.field, from: clipValue(change.from), to: clipValue(change.to) };
}

/**
 * A line's changes as stored: clipped, as JSON, at most JOB_AUDIT_LIMITS.changes characters
 * (every job's changes fit, clipped; should they not, the values give way and the fields stay).
 */
export function storedChanges(changes: FieldChange[] | undefined): string | null {
  if (!changes?.length) return null;
  const json = JSON.stringify(changes.map(clipChange));
  if (json.length <= JOB_AUDIT_LIMITS.changes) return json;
  return JSON.stringify(changes.map(({ field }) => ({ field, from: null, to: null })));
}

/** A stored line's changes (none when there are none, or when they cannot be read). */
export function readChanges(json: string | null): FieldChange[] {
  if (!json) return [];
  try {
    const result = check(array(FieldChange), JSON.parse(json));
    return result.ok ? result.value : [];
  } catch {
    return [];
  }
}
