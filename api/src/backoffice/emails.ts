import type { AdminEmail, AdminEmailPage, AdminEmailsQuery } from '@jobboard/contract/admin';
import { Conflict, NotFound } from '../platform/domain-errors';
import type { OutboxListRow } from '../mail';
import type { BackofficeContext } from './backoffice';

type ListContext = Pick<BackofficeContext, 'outbox' | 'secretLinks'>;
type EmailContext = ListContext & Pick<BackofficeContext, 'now'>;

/**
 * Why 'Resend' refuses a message (the admin's e-mail page shows the API's message); one that lost
 * a secret link says so in the words its slice registered (platform/http/secret-links.ts).
 */
export const RESEND_MESSAGES = {
  notFound: 'E-mail not found',
  notFailed: 'Only a failed e-mail can be sent again',
  /** Its recipient was removed by a retention period (docs/product.md#privacy). */
  recipientRemoved:
    'This e-mail no longer has a recipient (removed after its retention period): it cannot be sent again',
} as const;

/**
 * Why a failed message cannot be sent again, or null when it can. A secret link is not kept once
 * its message is given up (the stored copy reads /pay/[redacted], /renew/[redacted]...), so
 * resending it would e-mail a dead link: the refusal says where a new one comes from. A job
 * alert's e-mail is among them since its links are kept only as hashes (issue 43).
 */
function refusal(
  context: Pick<BackofficeContext, 'secretLinks'>,
  row: OutboxListRow,
): string | null {
  if (row.status !== 'failed') return RESEND_MESSAGES.notFailed;
  if (!row.to_address) return RESEND_MESSAGES.recipientRemoved;
  const lost = context.secretLinks.lostFrom(row.text_body)?.sentMail;
  if (lost?.redact) return lost.resendRefusal;
  return null;
}

function toAdminEmail(
  context: Pick<BackofficeContext, 'secretLinks'>,
  row: OutboxListRow,
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
    resendable: refusal(context, row) === null,
  };
}

/** One page of the outbox, newest first. */
export async function listEmails(
  context: ListContext,
  query: AdminEmailsQuery,
): Promise<AdminEmailPage> {
  const { rows, total } = await context.outbox.page(query);
  return {
    emails: rows.map((row) => toAdminEmail(context, row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Queue a failed message again (409 with the reason when it is not failed, or carried a secret
 * link: a pay link, a job alert's links...).
 */
export async function resendEmail(context: EmailContext, id: number): Promise<AdminEmail> {
  const row = await context.outbox.find(id);
  if (!row) throw new NotFound(RESEND_MESSAGES.notFound);
  const why = refusal(context, row);
  if (why !== null) throw new Conflict(why);
  if (!(await context.outbox.requeueFailed(id, context.now))) {
    throw new Conflict(RESEND_MESSAGES.notFailed);
  }
  const requeued = (await context.outbox.find(id))!;
  return toAdminEmail(context, requeued);
}
