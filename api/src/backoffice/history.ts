import {
  COMPANY_FIELD_LABELS,
  type AdminJob,
  type HistoryEntry,
  type HistoryKind,
} from '@jobboard/contract/admin';
import { NotFound } from '../platform/domain-errors';
import { type CompanyAuditRow, readChanges, type JobAuditAction } from '../jobs';
import type { OutboxListRow } from '../mail';
import type { StoredEvent } from '../submissions';
import type { BackofficeContext } from './backoffice';

type HistoryContext = Pick<
  BackofficeContext,
  'jobs' | 'companies' | 'submissions' | 'outbox' | 'db' | 'now'
>;

const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

/** Who made a job when no admin did (its `source`). */
const CREATED_BY: Record<string, string> = {
  submission: 'employer',
  sync: 'system',
  demo: 'system',
  airtable: 'sync:airtable',
  'json-feed': 'sync:json-feed',
};

/** The timeline's kind of each audit line: a deletion, a sync's rewrite, a return are changes. */
const AUDIT_KINDS: Partial<Record<JobAuditAction, HistoryKind>> = {
  created: 'created',
  edited: 'edited',
  activated: 'activated',
  deactivated: 'deactivated',
  extended: 'extended',
  republished: 'republished',
  closed: 'deactivated',
  // Off the board after reports, and back after their review (issue 45).
  hidden: 'deactivated',
  restored: 'activated',
  // A renewal paid by the employer moves the end as an extension does.
  renewed: 'extended',
};

/**
 * A job's timeline, oldest first: created, every change of the job (job_audit: an admin's, a
 * sync's, publication), the changes of its company's details (company_audit: who, old and new;
 * the newest COMPANY_HISTORY_LIMIT), and when it came from a submission that submission's own
 * timeline (review, payment, e-mails); 'expired' once its listing has ended.
 */
export async function jobHistory(context: HistoryContext, jobId: number): Promise<HistoryEntry[]> {
  const job = await context.jobs.getJob(jobId, context.now);
  const audit = await context.jobs.auditOf(jobId);
  const entries: HistoryEntry[] = [];
  if (!audit.some((a) => a.action === 'created')) {
    entries.push({
      at: job.createdAt,
      kind: 'created',
      summary: createdSummary(job),
      actor: CREATED_BY[job.source] ?? null,
    });
  }
  // Before the job's own lines, so that at the same instant the company's change comes first:
  // one made by this job's edit is in that edit's transaction, one from elsewhere came before.
  entries.push(...(await context.companies.historyOfJob(jobId)).map(companyEntry));
  for (const line of audit) {
    const changes = readChanges(line.changes);
    entries.push({
      at: iso(line.created_at),
      kind: AUDIT_KINDS[line.action] ?? 'changed',
      summary: auditSummary(line.action, line.detail),
      actor: line.actor,
      ...(changes.length ? { changes } : {}),
    });
  }
  if (job.submissionId !== null) {
    // Its company changes are among the company's own, above.
    entries.push(...(await submissionEntries(context, Number(job.submissionId), false)));
  }
  if (job.expiresAt && Date.parse(job.expiresAt) <= context.now.getTime()) {
    entries.push({ at: job.expiresAt, kind: 'expired', summary: 'Listing ended', actor: null });
  }
  return byTime(entries);
}

/**
 * A submission's timeline, oldest first: its status changes, its pay links, the e-mails about it
 * and the company details taken from it.
 */
export async function submissionHistory(
  context: HistoryContext,
  submissionId: number,
): Promise<HistoryEntry[]> {
  const row = await context.submissions.load(context.db, submissionId);
  if (!row) throw new NotFound('Submission not found');
  return byTime(await submissionEntries(context, submissionId, true));
}

async function submissionEntries(
  context: HistoryContext,
  submissionId: number,
  withCompany: boolean,
): Promise<HistoryEntry[]> {
  const events = await context.submissions.events(context.db, submissionId);
  const emails = await context.outbox.ofSubmission(context.db, submissionId);
  const company = withCompany
    ? await context.companies.changesFromSubmission(submissionId, context.db)
    : [];
  return [...events.flatMap(eventEntries), ...company.map(companyEntry), ...emails.map(emailEntry)];
}

/** Longest old or new value a company line quotes (a description is cut, with an ellipsis). */
const QUOTED_MAX = 120;

/** A value in quotes on one line, at most QUOTED_MAX characters. */
const quoted = (value: string) => {
  const chars = Array.from(value.replace(/\s+/g, ' '));
  const text =
    chars.length > QUOTED_MAX ? `${chars.slice(0, QUOTED_MAX - 3).join('')}...` : chars.join('');
  return `'${text}'`;
};

/** Where a company detail came from, as its line says it (an admin's own edit says nothing). */
function sourceNote(row: CompanyAuditRow): string {
  if (row.set_by === 'submission' && row.submission_id != null) {
    return ` (from submission #${row.submission_id})`;
  }
  if (row.set_by === 'sync') return ' (from the job source)';
  if (row.set_by === 'demo') return ' (demo data)';
  return '';
}

/** One change of the company's details: which, old and new, and who. */
function companyEntry(row: CompanyAuditRow): HistoryEntry {
  const label = `Company ${(COMPANY_FIELD_LABELS[row.field] ?? row.field).toLowerCase()}`;
  const now = quoted(row.new_value ?? '');
  const summary = row.old_value
    ? `${label} changed from ${quoted(row.old_value)} to ${now}`
    : `${label} set to ${now}`;
  return {
    at: iso(row.created_at),
    kind: 'company_changed',
    summary: `${summary}${sourceNote(row)}`,
    actor: row.actor,
  };
}

function eventEntries(event: StoredEvent): HistoryEntry[] {
  const at = iso(event.created_at);
  const actor = event.actor;
  const note = event.note ? `: ${event.note}` : '';
  if (event.from_status === null && event.to_status === 'pending_review') {
    return [{ at, kind: 'submitted', summary: 'Submitted for review', actor }];
  }
  if (event.from_status === event.to_status) {
    return [{ at, kind: 'changed', summary: event.note ?? 'Changed', actor }];
  }
  const kinds: Record<string, HistoryKind> = {
    approved: 'approved',
    rejected: 'rejected',
    paid: 'paid',
  };
  const kind = kinds[event.to_status] ?? 'changed';
  const entries: HistoryEntry[] = [
    { at, kind, summary: `${STATUS_TEXT[event.to_status] ?? event.to_status}${note}`, actor },
  ];
  if (event.to_status === 'paid') {
    entries.push({ at, kind: 'published', summary: 'Job published on the board', actor });
  }
  return entries;
}

const STATUS_TEXT: Record<string, string> = {
  approved: 'Approved; pay link e-mailed',
  rejected: 'Rejected',
  paid: 'Paid',
  pending_review: 'Back to review',
};

function emailEntry(email: OutboxListRow): HistoryEntry {
  const what = `'${email.subject}' to ${email.to_address}`;
  if (email.status === 'sent') {
    return {
      at: iso(email.sent_at ?? email.created_at),
      kind: 'email_sent',
      summary: `E-mail sent: ${what}`,
      actor: 'system',
    };
  }
  if (email.status === 'failed') {
    return {
      at: iso(email.created_at),
      kind: 'email_failed',
      summary: `E-mail failed: ${what}${email.last_error ? ` (${email.last_error})` : ''}`,
      actor: 'system',
    };
  }
  return {
    at: iso(email.created_at),
    kind: 'email_waiting',
    summary: `E-mail waiting to be sent: ${what}`,
    actor: 'system',
  };
}

function createdSummary(job: AdminJob): string {
  return (
    {
      submission: 'Created from an employer’s submission',
      sync: 'Imported from the job source',
      airtable: 'Imported from Airtable',
      'json-feed': 'Imported from the JSON feed',
      demo: 'Loaded with the demo data',
      admin: 'Created by an admin',
    }[job.source] ?? 'Created'
  );
}

function auditSummary(action: string, detail: string | null): string {
  // A job made elsewhere than the admin screen says where ('Imported from Airtable').
  if (action === 'created' && detail) return detail;
  const base =
    {
      created: 'Created on the admin screen',
      edited: 'Edited',
      activated: 'Activated',
      deactivated: 'Deactivated',
      extended: 'Extended',
      republished: 'Republished',
      renewed: 'Renewed',
      deleted: 'Deleted',
      synced: 'Updated from the source',
      returned: 'Returned to the source',
      closed: 'Taken off the board by the employer',
      hidden: 'Taken off the board after reports',
      restored: 'Put back on the board after review',
      link_flagged: 'Application link flagged as not working',
      link_cleared: 'Application link working again',
    }[action] ?? action;
  if (!detail) return base;
  // 'Extended by 30 days, to ...' says what it is already: no 'Extended: ' before it.
  return detail.startsWith(base) ? detail : `${base}: ${detail}`;
}

/** Oldest first; entries of one moment keep their order. */
function byTime(entries: HistoryEntry[]): HistoryEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
}
