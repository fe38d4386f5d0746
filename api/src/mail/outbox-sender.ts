import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Transporter } from 'nodemailer';
import { redactPaymentTokens } from '../payments/payment-tokens';

interface OutboxRow {
  id: number;
  template: string;
  to_address: string;
  subject: string;
  text_body: string;
  attempts: number;
  next_attempt_at: number;
}

/** A message being sent is leased for this long; a sender that died meanwhile loses it to another. */
export const LEASE_MS = 60_000;
/**
 * A message the mail server keeps refusing is given up ('failed') after this many attempts, about
 * three hours of retries. A server that is down or unreachable is not the message's fault: then
 * the message waits, however long, and goes out once the server is back.
 */
export const MAX_ATTEMPTS = 20;
const BATCH = 20;

/** nodemailer's codes for "could not reach the server / it would not let us in". */
const SERVER_UNAVAILABLE = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'EPROTOCOL',
  'EAUTH',
]);

function serverUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SERVER_UNAVAILABLE.has(code);
}

/**
 * A message that was delivered (or given up) no longer needs the pay link it carried: the stored
 * copy loses its token, so that the database keeps no working pay link for longer than the
 * message waits to be sent (a link is stored only as a hash: payments/payment-tokens.ts).
 */
const withoutPayLinks = (text: string) => redactPaymentTokens(text);

/** 5 s, 10 s, 20 s ... doubling up to 15 minutes between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers the outbox over SMTP. Each row is claimed with a conditional update before it is
 * sent, so two server processes never send the same message; a failed send is retried with
 * backoff, and a message the server keeps refusing is given up (status 'failed', logged) after
 * MAX_ATTEMPTS. Without SMTP the messages stay in the outbox and each is logged once.
 */
export class OutboxSender {
  private running: Promise<SendReport> | null = null;
  /** Without SMTP: the last message written to the log (each is logged once per process). */
  private lastAnnouncedId = 0;
  private stopping = false;

  constructor(
    private readonly db: Knex,
    private readonly transport: Transporter | null,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /** Finish the message being sent and send no more (the app is closing). */
  stop(): Promise<unknown> {
    this.stopping = true;
    return this.running?.catch(() => undefined) ?? Promise.resolve();
  }

  /** Send everything due now (one run at a time; a caller during a run waits for a fresh one). */
  async sendDue(): Promise<SendReport> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.transport ? this.deliverDue(this.transport) : this.announceWaiting();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private async deliverDue(transport: Transporter): Promise<SendReport> {
    const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const due = await this.dueRows();
      if (!due.length) return report;
      for (const row of due) {
        if (this.stopping) return report;
        const now = this.now().getTime();
        const claimed = await this.db('outbox')
          .where({ id: row.id, status: 'pending', next_attempt_at: row.next_attempt_at })
          .update({ next_attempt_at: now + LEASE_MS, attempts: row.attempts + 1 });
        if (!claimed) continue; // another sender has it
        try {
          await transport.sendMail({
            from: this.from,
            // An address object is used as it is: nodemailer does not split it at commas.
            to: { name: '', address: row.to_address },
            subject: row.subject,
            text: row.text_body,
          });
          await this.db('outbox')
            .where({ id: row.id })
            .update({
              status: 'sent',
              sent_at: this.now().getTime(),
              last_error: null,
              text_body: withoutPayLinks(row.text_body),
            });
          report.sent += 1;
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          const failed = attempts >= MAX_ATTEMPTS && !serverUnavailable(error);
          await this.db('outbox')
            .where({ id: row.id })
            .update({
              status: failed ? 'failed' : 'pending',
              next_attempt_at: this.now().getTime() + retryDelayMs(attempts),
              last_error: message.slice(0, 1000),
              ...(failed ? { text_body: withoutPayLinks(row.text_body) } : {}),
            });
          if (failed) {
            report.failed += 1;
            this.log.error(
              { outboxId: row.id, template: row.template, attempts },
              `e-mail given up: ${message}`,
            );
          } else {
            report.retrying += 1;
            this.log.warn(
              { outboxId: row.id, template: row.template, attempts },
              `e-mail not sent, will retry: ${message}`,
            );
          }
        }
      }
      if (due.length < BATCH) return report;
    }
  }

  private async announceWaiting(): Promise<SendReport> {
    for (;;) {
      const waiting = await this.db<OutboxRow>('outbox')
        .where('status', 'pending')
        .andWhere('id', '>', this.lastAnnouncedId)
        .orderBy('id')
        .limit(BATCH);
      for (const row of waiting) {
        this.lastAnnouncedId = row.id;
        // Who and what, never the body: it may hold a pay link.
        this.log.info(
          { outboxId: row.id, template: row.template, to: row.to_address, subject: row.subject },
          'e-mail kept in the outbox: SMTP_URL is not set',
        );
      }
      if (waiting.length < BATCH) return { sent: 0, retrying: 0, failed: 0 };
    }
  }

  private dueRows(): Promise<OutboxRow[]> {
    return this.db<OutboxRow>('outbox')
      .where('status', 'pending')
      .andWhere('next_attempt_at', '<=', this.now().getTime())
      .orderBy('id')
      .limit(BATCH);
  }
}
