import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { SecretLinks } from '../platform/http/secret-links';
import type { Outbox, OutboxRow } from './outbox';
import { MailAttachments } from './attachments';

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
 * MAX_ATTEMPTS. Up to `concurrency` messages are sent at once (one per pooled connection), so
 * their order at the server is not the outbox's. Without SMTP the messages stay in the outbox and
 * each is logged once.
 */
/** Why a message whose attachment went away was given up. */
export const ATTACHMENT_GONE =
  'Not sent: the file it carried was deleted (its application was withdrawn or removed).';

export class OutboxSender {
  private running: Promise<SendReport> | null = null;
  /** Without SMTP: the last message written to the log (each is logged once per process). */
  private lastAnnouncedId = 0;
  private stopping = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly transport: Transporter | null,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    /**
     * A message that was delivered (or given up) no longer needs the secret links it carried (a
     * pay link, a sign-in link...): its stored copy loses their tokens (`redactSentMail`), so
     * the database keeps no working link for longer than the message waits to be sent.
     */
    private readonly secretLinks: Pick<SecretLinks, 'redactSentMail'>,
    /** Messages sent at once: the transport's pool size (SMTP_MAX_CONNECTIONS). */
    private readonly concurrency = 1,
    /** Where a message's named attachment is read from when it is sent. */
    private readonly attachments: Pick<MailAttachments, 'load'> = new MailAttachments(),
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
      // Up to `concurrency` messages in flight, one per pooled connection: a server that takes
      // tens of milliseconds to accept each message would otherwise leave the others idle.
      let next = 0;
      const lane = async () => {
        while (next < due.length && !this.stopping) {
          await this.deliver(transport, due[next++]!, report);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, due.length) }, lane));
      if (this.stopping || due.length < BATCH) return report;
    }
  }

  /** Claim one message, send it, and record how it went. */
  private async deliver(transport: Transporter, row: OutboxRow, report: SendReport): Promise<void> {
    const now = this.now().getTime();
    if (!(await this.outbox.claim(row, now + LEASE_MS))) return; // another sender has it
    try {
      const attachment = row.attachment ? await this.attachments.load(row.attachment) : undefined;
      if (row.attachment && !attachment) {
        // Its record was withdrawn or deleted after the message was queued: never send it.
        await this.outbox.markAttemptFailed(row.id, {
          failed: true,
          nextAttemptAt: now,
          error: ATTACHMENT_GONE,
          ...this.givenUp(row),
        });
        report.failed += 1;
        return;
      }
      await transport.sendMail({
        from: this.from,
        // An address object is used as it is: nodemailer does not split it at commas.
        to: { name: '', address: row.to_address },
        subject: row.subject,
        text: row.text_body,
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
        ...(attachment ? { attachments: [attachment] } : {}),
      });
      await this.outbox.markSent(row.id, this.withoutLinks(row.text_body), this.now());
      report.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const failed = attempts >= MAX_ATTEMPTS && !serverUnavailable(error);
      await this.outbox.markAttemptFailed(row.id, {
        failed,
        nextAttemptAt: this.now().getTime() + retryDelayMs(attempts),
        error: message.slice(0, 1000),
        ...(failed ? this.givenUp(row) : {}),
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

  private async announceWaiting(): Promise<SendReport> {
    for (;;) {
      const waiting = await this.outbox.pendingAfter(this.lastAnnouncedId, BATCH);
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

  private withoutLinks(text: string): string {
    return this.secretLinks.redactSentMail(text);
  }

  /**
   * What a given-up message keeps: its body and headers without the secret links (an alert's
   * `List-Unsubscribe` URL among them); the rest stays for a resend (issue 43).
   */
  private givenUp(row: OutboxRow): { textBody: string; headers: string | null } {
    return {
      textBody: this.withoutLinks(row.text_body),
      headers: row.headers === null ? null : this.withoutLinks(row.headers),
    };
  }

  private dueRows(): Promise<OutboxRow[]> {
    return this.outbox.due(this.now(), BATCH);
  }
}
