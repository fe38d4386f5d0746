import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { Outbox } from './outbox';
import { OutboxSender, type SendReport } from './outbox-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox: `app.outbox.enqueue(trx, email, now)` queues a message with the change. */
    outbox: Outbox;
    mailer: {
      /** Send everything due now (tests, and the background loop). */
      flush(): Promise<SendReport>;
    };
  }
}

/**
 * The mail domain: the outbox, through which every domain queues its e-mails with the change
 * that causes them, and the background e-mail sender, which polls it every
 * MAIL_POLL_SECONDS and whenever a message has been queued (once its transaction has committed),
 * sends over SMTP_URL with nodemailer, and stops (finishing the send in progress) on close.
 */
export default fp(
  async (app) => {
    const { smtpUrl, from, pollSeconds } = app.config.mail;
    const transport = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          // Fail fast when the server is down: the outbox retries later anyway.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
    const outbox = new Outbox(app.db);
    const sender = new OutboxSender(outbox, transport, from, app.log, () => app.now());

    let stopped = false;
    let inFlight: Promise<unknown> = Promise.resolve();
    const run = () => {
      if (stopped) return;
      inFlight = sender
        .sendDue()
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox run failed'));
    };
    const timer = pollSeconds > 0 ? setInterval(run, pollSeconds * 1000) : null;
    timer?.unref();

    // Without the background loop (MAIL_POLL_SECONDS=0: tests) nothing is sent unless flushed.
    outbox.onEnqueued(() => {
      if (timer) setImmediate(run);
    });
    app.decorate('outbox', outbox);
    app.decorate('mailer', { flush: () => sender.sendDue() });

    app.addHook('onReady', async () => run());
    app.addHook('onClose', async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      // Finish the message being sent (never half a batch of timeouts), then let go of SMTP.
      await sender.stop();
      await inFlight;
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'db'] },
);
