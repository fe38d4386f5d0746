import { emailKey } from '@jobboard/contract/common';
import type { Knex } from 'knex';
import { afterCommit } from '../platform/db/after-commit';
import type { Db } from '../platform/db/knex';

/** One e-mail to send; `template` names what kind of message it is (for logs and tests). */
export interface OutgoingEmail {
  template: string;
  to: string;
  subject: string;
  text: string;
  /** Extra headers (`List-Unsubscribe`...), sent as they are. */
  headers?: Record<string, string>;
  /** The submission the message is about (its timeline lists it), if any. */
  submissionId?: number;
  /**
   * A file the message carries, named (`<kind>:<id>`, mail/attachments.ts) rather than copied:
   * read when it is sent, so a withdrawn application's résumé is never sent after all.
   */
  attachment?: string;
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

/** A message as the admin's e-mail page and timelines read it (with whether its body is whole). */
export interface OutboxListRow {
  id: number;
  template: string;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  submission_id: number | null;
  text_body: string;
}

const OUTBOX_LIST_COLUMNS = [
  'id',
  'template',
  'to_address',
  'subject',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
  'submission_id',
  'text_body',
];

/** A queued message as the sender reads it. */
export interface OutboxRow {
  id: number;
  template: string;
  to_address: string;
  subject: string;
  text_body: string;
  /** The extra headers as a JSON object, or null. */
  headers: string | null;
  attempts: number;
  next_attempt_at: number;
  /** The file it carries (OutgoingEmail.attachment), or null. */
  attachment: string | null;
}

/**
 * The `outbox` table: the only code that reads or writes it. Messages are queued in the
 * transaction of the change that causes them; the background sender (outbox-sender.ts) delivers
 * them, woken once that transaction has committed.
 */
export class Outbox {
  private wake: () => void = () => {};

  constructor(private readonly db: Knex) {}

  /** What to call once a queued message can be seen (mail/plugin.ts: wake the sender). */
  onEnqueued(wake: () => void): void {
    this.wake = wake;
  }

  /**
   * Queue an e-mail. Call it with the transaction of the change that causes the message, so the
   * message exists if and only if the change does; the sender is woken after that commit (before
   * it, the sender could not see the message and would sleep until its next poll).
   */
  async enqueue(db: Db, email: OutgoingEmail, now: Date): Promise<void> {
    await db('outbox').insert({
      template: email.template,
      to_address: email.to,
      subject: fitSubject(email.subject),
      text_body: email.text,
      headers: email.headers ? JSON.stringify(email.headers) : null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.getTime(),
      created_at: now.getTime(),
      submission_id: email.submissionId ?? null,
      attachment: email.attachment ?? null,
    });
    afterCommit(db, () => this.wake());
  }

  /**
   * Drop the messages not yet sent that carry this attachment (its application was withdrawn or
   * deleted): how many.
   */
  async cancelCarrying(db: Db, attachment: string): Promise<number> {
    return db('outbox').where({ attachment }).whereIn('status', ['pending', 'failed']).delete();
  }

  /** One page of messages, newest first, of one state or all; and how many there are. */
  async page(query: {
    status?: string;
    page: number;
    pageSize: number;
  }): Promise<{ rows: OutboxListRow[]; total: number }> {
    const scoped = () => {
      const q = this.db('outbox');
      if (query.status) q.where('status', query.status);
      return q;
    };
    const [count] = await scoped().count({ n: '*' });
    const rows: OutboxListRow[] = await scoped()
      .select(OUTBOX_LIST_COLUMNS)
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** One message as the e-mail page shows it. */
  async find(id: number): Promise<OutboxListRow | undefined> {
    return this.db('outbox').where({ id }).first(OUTBOX_LIST_COLUMNS);
  }

  /** The messages about a submission, oldest first (its timeline). */
  async ofSubmission(db: Db, submissionId: number): Promise<OutboxListRow[]> {
    return db('outbox')
      .where({ submission_id: submissionId })
      .select(OUTBOX_LIST_COLUMNS)
      .orderBy('id');
  }

  /**
   * Put a failed message back in the queue, due now, with a fresh count of attempts; false when it
   * is not (or no longer) failed. The sender is woken at once.
   */
  async requeueFailed(id: number, now: Date): Promise<boolean> {
    const changed = await this.db('outbox')
      .where({ id, status: 'failed' })
      .update({ status: 'pending', attempts: 0, next_attempt_at: now.getTime(), last_error: null });
    if (changed > 0) this.wake();
    return changed > 0;
  }

  /** Messages of this template queued after `since` (sent or not), to anyone or to `to` (any case). */
  async countQueued(db: Db, template: string, since: Date, to?: string): Promise<number> {
    const query = db('outbox')
      .where('template', template)
      .andWhere('created_at', '>', since.getTime());
    if (to !== undefined) query.andWhereRaw('lower(to_address) = ?', [emailKey(to)]);
    const [row] = await query.count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /**
   * Like countQueued, with when the oldest of them was queued (null when there is none): a cap
   * over a window says when it lets the next one through.
   */
  async queuedSince(
    db: Db,
    template: string,
    since: Date,
    to?: string,
  ): Promise<{ count: number; oldest: Date | null }> {
    const query = db('outbox')
      .where('template', template)
      .andWhere('created_at', '>', since.getTime());
    if (to !== undefined) query.andWhereRaw('lower(to_address) = ?', [emailKey(to)]);
    const [row] = await query.select(db.raw('count(*) AS n'), db.raw('min(created_at) AS oldest'));
    const count = Number(row?.n ?? 0);
    return { count, oldest: count ? new Date(Number(row.oldest)) : null };
  }

  /**
   * How many messages wait (pending) and have been given up on (failed), and when the oldest
   * pending one was queued (epoch ms, null when none waits): the metrics read it at each scrape.
   */
  async backlog(): Promise<{ pending: number; failed: number; oldestPendingAt: number | null }> {
    const rows: { status: string; n: number | string; oldest: number | string | null }[] =
      await this.db('outbox')
        .whereIn('status', ['pending', 'failed'])
        .groupBy('status')
        .select('status', this.db.raw('count(*) AS n'), this.db.raw('min(created_at) AS oldest'));
    const of = (status: string) => rows.find((row) => row.status === status);
    const pending = of('pending');
    return {
      pending: Number(pending?.n ?? 0),
      failed: Number(of('failed')?.n ?? 0),
      oldestPendingAt: pending?.oldest == null ? null : Number(pending.oldest),
    };
  }

  /** Pending messages due by `now`, oldest first. */
  async due(now: Date, limit: number): Promise<OutboxRow[]> {
    return this.db<OutboxRow>('outbox')
      .where('status', 'pending')
      .andWhere('next_attempt_at', '<=', now.getTime())
      .orderBy('id')
      .limit(limit);
  }

  /** Pending messages after `afterId`, oldest first (announced when there is no SMTP). */
  async pendingAfter(afterId: number, limit: number): Promise<OutboxRow[]> {
    return this.db<OutboxRow>('outbox')
      .where('status', 'pending')
      .andWhere('id', '>', afterId)
      .orderBy('id')
      .limit(limit);
  }

  /**
   * Take the message for one attempt until `leaseUntil`, counting the attempt; false when another
   * sender took it first (the row no longer is as it was read).
   */
  async claim(row: OutboxRow, leaseUntil: number): Promise<boolean> {
    const claimed = await this.db('outbox')
      .where({ id: row.id, status: 'pending', next_attempt_at: row.next_attempt_at })
      .update({ next_attempt_at: leaseUntil, attempts: row.attempts + 1 });
    return claimed > 0;
  }

  /**
   * The message went out: its stored body is the one given (its secret links taken out), and its
   * headers (an alert's `List-Unsubscribe` URL carries a link token) are dropped: they are for
   * the mail client, and nothing reads them once sent (issue 43).
   */
  async markSent(id: number, textBody: string, now: Date): Promise<void> {
    await this.db('outbox').where({ id }).update({
      status: 'sent',
      sent_at: now.getTime(),
      last_error: null,
      text_body: textBody,
      headers: null,
    });
  }

  /**
   * An attempt failed: try again at `nextAttemptAt`, or give up (`failed`, with its new body and
   * headers: their secret links taken out, the rest kept for a resend, a Reply-To say).
   */
  async markAttemptFailed(
    id: number,
    outcome: {
      failed: boolean;
      nextAttemptAt: number;
      error: string;
      textBody?: string;
      headers?: string | null;
    },
  ): Promise<void> {
    await this.db('outbox')
      .where({ id })
      .update({
        status: outcome.failed ? 'failed' : 'pending',
        next_attempt_at: outcome.nextAttemptAt,
        last_error: outcome.error,
        ...(outcome.textBody !== undefined ? { text_body: outcome.textBody } : {}),
        ...(outcome.headers !== undefined ? { headers: outcome.headers } : {}),
      });
  }

  /**
   * Retention: empty the bodies of at most `limit` messages sent before `before` (epoch ms); their
   * rows stay, with recipient, subject, headers and state, for the timelines. How many were
   * emptied (a body already empty is not counted again).
   */
  async emptySentBodiesBefore(before: number, limit: number): Promise<number> {
    return this.db('outbox')
      .whereIn(
        'id',
        this.db('outbox')
          .select('id')
          .where('status', 'sent')
          .andWhere('sent_at', '<', before)
          .andWhereNot('text_body', '')
          .orderBy('id')
          .limit(limit),
      )
      .update({ text_body: '' });
  }

  /**
   * Retention: forget whom at most `limit` messages went to, sent (or given up, counted from when
   * they were queued) before `before` (epoch ms): their recipient, headers (a Reply-To, an
   * unsubscribe URL) and body are blanked. Template, subject, state and times stay, for the
   * timelines and the counts (a cap counts what was queued within a day at most, long before
   * this). A given-up message so blanked cannot be sent again. How many were blanked.
   */
  async forgetRecipientsBefore(before: number, limit: number): Promise<number> {
    return this.db('outbox')
      .whereIn(
        'id',
        this.db('outbox')
          .select('id')
          .where((q) =>
            q
              .where((sent) => sent.where('status', 'sent').andWhere('sent_at', '<', before))
              .orWhere((failed) =>
                failed.where('status', 'failed').andWhere('created_at', '<', before),
              ),
          )
          .andWhere((q) => q.whereNot('to_address', '').orWhereNotNull('headers'))
          .orderBy('id')
          .limit(limit),
      )
      .update({ to_address: '', headers: null, text_body: '' });
  }

  /**
   * Retention of submissions' contacts: the messages about these submissions lose their bodies,
   * and those sent to one of these addresses their recipient too (the subject and state stay in
   * the timeline; the admins' copy keeps the admins' address). Messages still waiting to be sent
   * are left to the sender. How many messages changed.
   */
  async forgetSubmissionRecipients(
    db: Db,
    submissionIds: number[],
    addresses: string[],
  ): Promise<number> {
    if (!submissionIds.length) return 0;
    const about = () =>
      db('outbox').whereIn('submission_id', submissionIds).whereNot('status', 'pending');
    const keys = [...new Set(addresses.map(emailKey).filter(Boolean))];
    if (keys.length) {
      await about()
        .whereRaw(`lower(to_address) IN (${keys.map(() => '?').join(', ')})`, keys)
        .update({ to_address: '' });
    }
    return about().update({ text_body: '' });
  }
}
