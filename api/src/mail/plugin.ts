import { BackgroundRuns } from '../background-runs';
import fp from 'fastify-plugin';
import { Outbox } from './outbox';
import { OutboxSender, type SendReport } from './outbox-sender';
import { createMailTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox: `app.outbox.enqueue(trx, email, now)` queues a message with the change. */
    outbox: Outbox;
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
    const sender = new OutboxSender(
      outbox,
      transport,
      from,
      app.log,
      () => app.now(),
      app.secretLinks,
      maxConnections,
    );

    let stopped = false;
    const runs = new BackgroundRuns();
    const run = () => {
      if (stopped) return;
      runs.track(
        app
          .schemaCurrent()
          .then((current) => (current ? sender.sendDue() : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'outbox run failed')),
      );
    };
    const timer = pollSeconds > 0 ? setInterval(run, pollSeconds * 1000) : null;
    timer?.unref();

    // Without the background loop (MAIL_POLL_SECONDS=0: tests) nothing is sent unless flushed.
    // A run is started at once (not on a later tick), so that `idle()` right after the request
    // that queued the message waits for it.
    outbox.onEnqueued(() => {
      if (timer) run();
    });
    app.decorate('outbox', outbox);
    app.decorate('mailer', { flush: () => sender.sendDue(), idle: () => runs.idle() });

    app.addHook('onReady', async () => {
      if (timer) run();
    });
    app.addHook('onClose', async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      // Finish the message being sent (never half a batch of timeouts), then let go of SMTP.
      await sender.stop();
      await runs.idle();
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'db', 'schema'] },
);
