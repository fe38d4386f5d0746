import type { Knex } from 'knex';

/** One e-mail to send; `template` names what kind of message it is (for logs and tests). */
export interface OutgoingEmail {
  template: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Queue an e-mail in the outbox. Call it with the transaction of the change that causes the
 * message, so the message exists if and only if the change does; the background sender
 * (plugins/mailer.ts) delivers it.
 */
export async function enqueueEmail(
  db: Knex | Knex.Transaction,
  email: OutgoingEmail,
  now: Date,
): Promise<void> {
  await db('outbox').insert({
    template: email.template,
    to_address: email.to,
    subject: email.subject,
    text_body: email.text,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now.getTime(),
    created_at: now.getTime(),
  });
}
