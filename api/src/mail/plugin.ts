import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import type { Metrics } from '../platform/ops/metrics';
import { runPeriodically } from '../platform/periodic-runner';
import { MailAttachments } from './attachments';
import { Outbox } from './outbox';
import { OutboxSender, type SendReport } from './outbox-sender';
import { createMailTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox: `app.outbox.enqueue(trx, email, now)` queues a message with the change. */
    outbox: Outbox;
    /** The kinds of file a message may carry, registered by the slices that keep them. */
    mailAttachments: MailAttachments;
    mailer: {
      /** Send everything due now (tests, and the background loop). */
      flush(): Promise<SendReport>;
      /**
       * Settles once the background sender has nothing in flight (a run it was woken for
       * included): tests await it instead of watching the clock.
       */
      idle(): Promise<void>;
    };
  }
}

/**
 * The mail domain: the outbox, through which every domain queues its e-mails with the change
 * that causes them, and the background e-mail sender, which polls it every MAIL_POLL_SECONDS
 * (and once at start) and whenever a message has been queued (once its transaction has
 * committed), sends over SMTP_URL with nodemailer, and stops (finishing the send in progress) on
 * close. MAIL_POLL_SECONDS=0 turns the background sender off altogether, at start too: the API
 * tests send with `flush()` and must not race a run of its own.
 */
export default fp(
  async (app) => {
    const { smtpUrl, from, pollSeconds, maxConnections } = app.config.mail;
    // Pooled (mail/transport.ts): a batch goes over a few open connections, closed on shutdown.
    const transport = smtpUrl ? createMailTransport({ smtpUrl, maxConnections }) : null;
    const outbox = new Outbox(app.db);
    const attachments = new MailAttachments();
    const sender = new OutboxSender(
      outbox,
      transport,
      from,
      app.log,
      () => app.now(),
      app.secretLinks,
      maxConnections,
      attachments,
    );
    const sending = runPeriodically(app, {
      name: 'outbox run',
      everyMs: pollSeconds * 1000,
      run: () => sender.sendDue(),
      atStart: true,
    });
    // A run at once (not on a later tick), so that `idle()` right after the request that queued
    // the message waits for it. Off (MAIL_POLL_SECONDS=0: tests), nothing is sent unless flushed.
    outbox.onEnqueued(() => sending.runNow());
    app.decorate('outbox', outbox);
    app.decorate('mailAttachments', attachments);
    app.decorate('mailer', { flush: () => sender.sendDue(), idle: () => sending.idle() });
    outboxMetrics(app.metrics, outbox, () => app.now());

    app.addHook('onClose', async () => {
      // Finish the message being sent (never half a batch of timeouts), then let go of SMTP.
      await sender.stop();
      await sending.stop();
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'db', 'schema', 'ops'] },
);

/** The outbox's gauges: what waits, what was given up, and how long the oldest has waited. */
function outboxMetrics(metrics: Metrics, outbox: Pick<Outbox, 'backlog'>, now: () => Date) {
  // One query for both gauges: the first one's collect starts it, the second one awaits it (the
  // registry starts every collect in the order of registration, then awaits them together).
  const read = () => metrics.read('outbox', () => outbox.backlog());
  let backlog: ReturnType<typeof read> = Promise.resolve(null);
  new Gauge({
    name: 'jobboard_outbox_messages',
    aggregator: 'max',
    help: 'E-mails in the outbox waiting to be sent (pending) or given up on (failed).',
    labelNames: ['status'] as const,
    registers: [metrics.registry],
    async collect() {
      backlog = read();
      const counts = await backlog;
      this.set({ status: 'pending' }, counts?.pending ?? Number.NaN);
      this.set({ status: 'failed' }, counts?.failed ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'jobboard_outbox_oldest_pending_age_seconds',
    aggregator: 'max',
    help: 'How long the oldest e-mail still waiting in the outbox has waited (0 when none waits).',
    registers: [metrics.registry],
    async collect() {
      const counts = await backlog;
      if (!counts) return this.set(Number.NaN);
      const oldest = counts.oldestPendingAt;
      this.set(oldest === null ? 0 : Math.max(0, (now().getTime() - oldest) / 1000));
    },
  });
}
