import fp from 'fastify-plugin';
import { AlertsRepository } from '../alerts/alerts-repository';
import { sendDigests, type DigestReport } from '../alerts/digest';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job alerts (`job_alerts`). */
    alerts: AlertsRepository;
    alertDigests: {
      /** Send the digests due now; with `force`, every confirmed alert's new matches. */
      run(options?: { force?: boolean }): Promise<DigestReport>;
    };
  }
}

/**
 * The job alerts on `app`: their repository, and the digest scheduler, which every
 * ALERT_DIGEST_INTERVAL_MINUTES sends the digests that are due (off at 0). Several processes
 * may run it at once: each alert's digest is taken with a lease (alerts/digest.ts).
 */
export default fp(
  async (app) => {
    const alerts = new AlertsRepository();
    app.decorate('alerts', alerts);
    const run = (options: { force?: boolean } = {}) =>
      sendDigests(
        {
          db: app.db,
          alerts,
          jobs: app.publicReads,
          outbox: app.outbox,
          now: () => app.now(),
          publicUrl: app.config.publicUrl,
          boardName: app.config.site.boardName,
          log: app.log,
        },
        options,
      );
    app.decorate('alertDigests', { run });

    const minutes = app.config.alertDigestIntervalMinutes;
    if (minutes <= 0) return;
    let stopped = false;
    let inFlight: Promise<unknown> = Promise.resolve();
    const tick = () => {
      if (stopped) return;
      inFlight = run()
        .then((report) => {
          if (report.sent) app.log.info(report, 'job-alert digests queued');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'job-alert digest run failed'));
    };
    const timer = setInterval(tick, minutes * 60_000);
    timer.unref();
    app.addHook('onReady', async () => tick());
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    });
  },
  { name: 'alerts', dependencies: ['config', 'db', 'jobs', 'mailer'] },
);
