import type { Knex } from 'knex';

/** One e-mail to send; `template` names what kind of message it is (for logs and tests). */
export interface OutgoingEmail {
  template: string;
  to: string;
  subject: string;
  text: string;
}

/** Widths of the outbox's columns (migrations/20261122001300_create_outbox.ts). */
export const OUTBOX_LIMITS = { subject: 300 } as const;

/**
 * A subject that fits `outbox.subject`: one line (no header folding tricks), at most `max`
 * characters counted as PostgreSQL counts them (code points, so an emoji is never cut in half),
 * an ellipsis where it was cut. Every run of white space or control characters is one space:
 * `\s` alone misses U+0085 (NEL), a line break to some mail readers.
 */
export function fitSubject(subject: string, max: number = OUTBOX_LIMITS.subject): string {
  const line = subject.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  const characters = Array.from(line);
  return characters.length <= max ? line : `${characters.slice(0, max - 1).join('')}…`;
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
    subject: fitSubject(email.subject),
    text_body: email.text,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now.getTime(),
    created_at: now.getTime(),
  });
}
