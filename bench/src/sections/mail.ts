/**
 * E-mail (issue 27): how many e-mails a second the outbox's sender delivers to a local SMTP server
 * (the smtp-server peer the API tests use, in this process), through the API's own outbox and
 * sender on a fresh SQLite database: each message claimed, sent and marked sent, as in production.
 * Pooled (the API's transport, SMTP_MAX_CONNECTIONS=5) beside one connection per message (the
 * transport before issue 27), with the connections the server saw.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SmtpPeer } from '@jobboard/api/test-support';
import { createKnex, migrateLatest, toolMail } from '@jobboard/api/tooling';
import { BENCH_NOW } from '../data/bench-database';
import { atLeast, table, type SectionResult } from '../report';

/** Messages per run: enough for a steady rate, a few seconds each. */
const MESSAGES = 500;
/** Target: a digest run to a thousand readers is sent within 20 seconds. */
const TARGET_PER_SECOND = 50;

interface MailRun {
  transport: string;
  perSecond: number;
  connections: number;
}

async function measure(smtp: SmtpPeer, pool: boolean): Promise<MailRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-bench-mail-'));
  const db = createKnex({ client: 'sqlite', filename: path.join(dir, 'board.sqlite') });
  const mail = toolMail(db, { smtpUrl: smtp.url, maxConnections: 5, pool, now: () => BENCH_NOW });
  try {
    await migrateLatest(db);
    await mail.queue(MESSAGES, BENCH_NOW);
    const connectionsBefore = smtp.connections;
    const received = smtp.received.length;
    const started = performance.now();
    const report = await mail.sendDue();
    const seconds = (performance.now() - started) / 1000;
    if (report.sent !== MESSAGES || smtp.received.length - received !== MESSAGES) {
      throw new Error(`e-mail bench: ${report.sent} of ${MESSAGES} sent`);
    }
    return {
      transport: pool ? 'pooled (5 connections at most)' : 'a connection per message',
      perSecond: MESSAGES / seconds,
      connections: smtp.connections - connectionsBefore,
    };
  } finally {
    mail.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function mailSection(): Promise<SectionResult> {
  const smtp = await new SmtpPeer().start();
  try {
    const pooled = await measure(smtp, true);
    const single = await measure(smtp, false);
    return {
      title: 'E-mail to the SMTP server',
      body: [
        `${MESSAGES} messages queued in the outbox of a fresh SQLite database, then sent by the API's own sender (one run, as the background sender does: each message claimed, sent and marked sent) to a local SMTP server (smtp-server, in the bench's process), through the API's pooled transport and, for comparison, a transport with a connection per message.`,
        '',
        table(
          ['Transport', 'E-mails per second', 'SMTP connections'],
          [pooled, single].map((run) => [run.transport, run.perSecond.toFixed(0), run.connections]),
        ),
      ].join('\n'),
      checks: [
        atLeast(
          'E-mails per second to the SMTP server, pooled',
          Math.round(pooled.perSecond),
          TARGET_PER_SECOND,
          '/s',
        ),
      ],
    };
  } finally {
    await smtp.stop();
  }
}
