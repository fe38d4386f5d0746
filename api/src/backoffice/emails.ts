import type { AdminEmail, AdminEmailPage, AdminEmailsQuery } from '@jobboard/contract/admin';
import { Conflict, NotFound } from '../platform/domain-errors';
import type { OutboxListRow } from '../mail';
import type { BackofficeContext } from './backoffice';

type ListContext = Pick<BackofficeContext, 'outbox' | 'alerts' | 'secretLinks'>;
type EmailContext = ListContext & Pick<BackofficeContext, 'now'>;

/**
 * Why 'Resend' refuses a message (the admin's e-mail page shows the API's message); one that lost
 * a secret link says so in the words its slice registered (platform/http/secret-links.ts).
 */
export const RESEND_MESSAGES = {
  notFound: 'E-mail not found',
  notFailed: 'Only a failed e-mail can be sent again',
  alertStopped:
    'This job-alert e-mail is for an alert that has since been unsubscribed (or removed): it is not sent again',
} as const;

/** The manage token of the alert an alert e-mail is for (its unsubscribe link), if it is one. */
function alertOf(row: OutboxListRow): string | undefined {
  return /\/alerts\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(row.text_body)?.[1];
}

/**
 * Why a failed message cannot be sent again, or null when it can. A secret link is not kept once
 * its message is given up (the stored copy reads /pay/[redacted], /renew/[redacted]...), so
 * resending it would e-mail a dead link: the refusal says where a new one comes from. An alert's
 * e-mail is never sent again once its alert is unsubscribed (`stopped`: the manage tokens of such
 * alerts).
 */
function refusal(
  context: Pick<BackofficeContext, 'secretLinks'>,
  row: OutboxListRow,
  stopped: Set<string>,
): string | null {
  if (row.status !== 'failed') return RESEND_MESSAGES.notFailed;
  const lost = context.secretLinks.lostFrom(row.text_body)?.sentMail;
  if (lost?.redact) return lost.resendRefusal;
  const alert = alertOf(row);
  if (alert !== undefined && stopped.has(alert)) return RESEND_MESSAGES.alertStopped;
  return null;
}

/** The alerts of these failed messages that are stopped (one query for a page of them). */
function stoppedAlertsOf(context: Pick<BackofficeContext, 'alerts'>, rows: OutboxListRow[]) {
  const tokens = rows
    .filter((row) => row.status === 'failed')
    .map(alertOf)
    .filter((token): token is string => token !== undefined);
  return context.alerts.stoppedAlerts([...new Set(tokens)]);
}

function toAdminEmail(
  context: Pick<BackofficeContext, 'secretLinks'>,
  row: OutboxListRow,
  stopped: Set<string>,
): AdminEmail {
  return {
    id: String(row.id),
    template: row.template,
    to: row.to_address,
    subject: row.subject,
    status: row.status as AdminEmail['status'],
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    sentAt: row.sent_at == null ? null : new Date(Number(row.sent_at)).toISOString(),
    submissionId: row.submission_id == null ? null : String(row.submission_id),
    resendable: refusal(context, row, stopped) === null,
  };
}

/** One page of the outbox, newest first. */
export async function listEmails(
  context: ListContext,
  query: AdminEmailsQuery,
): Promise<AdminEmailPage> {
  const { rows, total } = await context.outbox.page(query);
  const stopped = await stoppedAlertsOf(context, rows);
  return {
    emails: rows.map((row) => toAdminEmail(context, row, stopped)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Queue a failed message again (409 with the reason when it is not failed, carried a pay or
 * alert confirmation link, or is an alert's e-mail whose alert has since been unsubscribed).
 */
export async function resendEmail(context: EmailContext, id: number): Promise<AdminEmail> {
  const row = await context.outbox.find(id);
  if (!row) throw new NotFound(RESEND_MESSAGES.notFound);
  const why = refusal(context, row, await stoppedAlertsOf(context, [row]));
  if (why !== null) throw new Conflict(why);
  if (!(await context.outbox.requeueFailed(id, context.now))) {
    throw new Conflict(RESEND_MESSAGES.notFailed);
  }
  const requeued = (await context.outbox.find(id))!;
  return toAdminEmail(context, requeued, await stoppedAlertsOf(context, [requeued]));
}
