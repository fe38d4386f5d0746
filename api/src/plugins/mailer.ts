import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { OutboxSender, type SendReport } from '../mail/outbox-sender';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /** Something was queued: send soon rather than at the next poll. */
      nudge(): void;
      /** Send everything due now (tests, and the background loop). */
      flush(): Promise<SendReport>;
    };
  }
}

/**
 * The background e-mail sender: polls the outbox every MAIL_POLL_SECONDS and after each nudge,
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
    const sender = new OutboxSender(app.db, transport, from, app.log, () => app.now());

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

    app.decorate('mailer', {
      nudge: () => {
        if (timer) setImmediate(run);
      },
      flush: () => sender.sendDue(),
    });

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
  { name: 'mailer', dependencies: ['config', 'db'] },
);
