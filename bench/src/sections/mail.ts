/**
 * E-mail (issue 27): how many e-mails a second the outbox's sender delivers to a local SMTP server
 * (the smtp-server peer the API tests use, in this process), through the API's own outbox and
 * sender on a fresh SQLite database: each message claimed, sent and marked sent, as in production.
 * Pooled (the API's transport, SMTP_MAX_CONNECTIONS=5, five messages in flight) beside one
 * connection per message (the transport before issue 27), with the connections the server saw;
 * then against a server that takes 20 ms to accept each message (as one that writes it to disk
 * first does), pooled with five in flight beside pooled with one at a time (the sender before it
 * sent side by side).
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

/** A server that takes this long to accept each message, for the runs that say so. */
const SLOW_SERVER_MS = 20;

interface MailRun {
  transport: string;
  server: string;
  perSecond: number;
  connections: number;
}

interface MailSetup {
  pool: boolean;
  /** Messages in flight at once (the pool's size by default). */
  concurrency?: number;
  acceptDelayMs: number;
}

async function measure(smtp: SmtpPeer, setup: MailSetup): Promise<MailRun> {
  const { pool, concurrency, acceptDelayMs } = setup;
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-bench-mail-'));
  const db = createKnex({ client: 'sqlite', filename: path.join(dir, 'board.sqlite') });
  const mail = toolMail(db, {
    smtpUrl: smtp.url,
    maxConnections: 5,
    pool,
    ...(concurrency ? { concurrency } : {}),
    now: () => BENCH_NOW,
  });
  smtp.acceptDelayMs = acceptDelayMs;
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
    const inFlight = concurrency ?? (pool ? 5 : 1);
    return {
      transport: pool
        ? `pooled (5 connections at most), ${inFlight === 1 ? 'one message at a time' : `${inFlight} messages at once`}`
        : 'a connection per message',
      server: acceptDelayMs ? `accepts each in ${acceptDelayMs} ms` : 'accepts at once',
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
    const pooled = await measure(smtp, { pool: true, acceptDelayMs: 0 });
    const single = await measure(smtp, { pool: false, acceptDelayMs: 0 });
    const slowPooled = await measure(smtp, { pool: true, acceptDelayMs: SLOW_SERVER_MS });
    const slowOneAtATime = await measure(smtp, {
      pool: true,
      concurrency: 1,
      acceptDelayMs: SLOW_SERVER_MS,
    });
    return {
      title: 'E-mail to the SMTP server',
      body: [
        `${MESSAGES} messages queued in the outbox of a fresh SQLite database, then sent by the API's own sender (one run, as the background sender does: each message claimed, sent and marked sent) to a local SMTP server (smtp-server, in the bench's process), through the API's pooled transport and, for comparison, a transport with a connection per message; then to the same server made to take ${SLOW_SERVER_MS} ms to accept each message, where sending side by side over the pool's connections is what counts.`,
        '',
        table(
          ['Transport', 'Server', 'E-mails per second', 'SMTP connections'],
          [pooled, single, slowPooled, slowOneAtATime].map((run) => [
            run.transport,
            run.server,
            run.perSecond.toFixed(0),
            run.connections,
          ]),
        ),
      ].join('\n'),
      checks: [
        atLeast(
          'E-mails per second to the SMTP server, pooled',
          Math.round(pooled.perSecond),
          TARGET_PER_SECOND,
          '/s',
        ),
        atLeast(
          `E-mails per second, pooled, to a server taking ${SLOW_SERVER_MS} ms a message`,
          Math.round(slowPooled.perSecond),
          TARGET_PER_SECOND,
          '/s',
        ),
      ],
    };
  } finally {
    await smtp.stop();
  }
}
