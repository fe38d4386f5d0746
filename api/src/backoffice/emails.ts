import type { AdminEmail, AdminEmailPage, AdminEmailsQuery } from '@jobboard/contract/admin';
import { Conflict, NotFound } from '../domain-errors';
import type { OutboxListRow } from '../mail/outbox';
import { REDACTED_PAY_PATH } from '../payments/payment-tokens';
import type { BackofficeContext } from './backoffice';

type EmailContext = Pick<BackofficeContext, 'outbox' | 'now'>;

/**
 * A failed message can be sent again unless it carried a pay link: a link is not kept once its
 * message is given up (the stored copy reads /pay/[redacted]), so resending it would e-mail a dead
 * link. For those, 'Generate Payment Link' on the submission makes a new one.
 */
const resendable = (row: OutboxListRow) =>
  row.status === 'failed' && !row.text_body.includes(REDACTED_PAY_PATH);

function toAdminEmail(row: OutboxListRow): AdminEmail {
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
    resendable: resendable(row),
  };
}

/** One page of the outbox, newest first. */
export async function listEmails(
  context: Pick<BackofficeContext, 'outbox'>,
  query: AdminEmailsQuery,
): Promise<AdminEmailPage> {
  const { rows, total } = await context.outbox.page(query);
  return { emails: rows.map(toAdminEmail), total, page: query.page, pageSize: query.pageSize };
}

/** Queue a failed message again (409 when it is not failed, or carried a pay link). */
export async function resendEmail(context: EmailContext, id: number): Promise<AdminEmail> {
  const row = await context.outbox.find(id);
  if (!row) throw new NotFound('E-mail not found');
  if (row.status !== 'failed') throw new Conflict('Only a failed e-mail can be sent again');
  if (!resendable(row)) {
    throw new Conflict(
      'This e-mail carried a pay link, which is not kept once sending fails: use Generate Payment Link on the submission instead',
    );
  }
  if (!(await context.outbox.requeueFailed(id, context.now))) {
    throw new Conflict('Only a failed e-mail can be sent again');
  }
  return toAdminEmail((await context.outbox.find(id))!);
}
