import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { runPeriodically } from '../platform/periodic-runner';
import { databaseLimiter } from '../platform/plugins/rate-limit';
import { ALERT_CONFIRMATION_LINK, ALERT_DATA_LINK, ALERT_MANAGE_LINK } from './alert-tokens';
import { AlertsRepository } from './alerts-repository';
import { AlertsService } from './alerts-service';
import { DataLinks } from './data-links';
import { sendDigests, type DigestReport } from './digest';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job alerts: subscribing, their links, a member's list (alerts-service.ts). */
    alerts: AlertsService;
    /** An address's data (alerts, applications, reports) by a link e-mailed to it (data-links.ts). */
    alertDataLinks: DataLinks;
    alertDigests: {
      /** Send the digests due now; with `force`, every confirmed alert's new matches. */
      run(options?: { force?: boolean }): Promise<DigestReport>;
      /**
       * Settles once the scheduler has no run in flight (its run at start included): tests
       * await it instead of watching the clock.
       */
      idle(): Promise<void>;
    };
  }
}

/**
 * The job alerts domain: the alerts' service, and the digest scheduler, which every
 * ALERT_DIGEST_INTERVAL_MINUTES sends the digests that are due (off at 0). Several processes
 * may run it at once: each alert's digest is taken with a lease (alerts/digest.ts).
 */
export default fp(
  async (app) => {
    app.secretLinks.register(ALERT_CONFIRMATION_LINK);
    app.secretLinks.register(ALERT_MANAGE_LINK);
    app.secretLinks.register(ALERT_DATA_LINK);
    const alerts = new AlertsRepository();
    const site = { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName };
    const service = new AlertsService(
      app.db,
      alerts,
      app.publicReads,
      app.outbox,
      site,
      {
        perAddress: app.config.rateLimits.alertConfirmationsPerAddress,
        board: app.config.rateLimits.alertConfirmations,
      },
      () => app.now(),
    );
    app.decorate('alerts', service);
    const perAddress = app.config.rateLimits.dataLinksPerAddress;
    app.decorate(
      'alertDataLinks',
      new DataLinks({
        db: app.db,
        alerts,
        addressAlerts: service,
        applications: app.applicationUpkeep,
        reports: app.reporterData,
        outbox: app.outbox,
        site,
        addressLimiter: databaseLimiter(app.db, app.dialect, {
          keyPrefix: 'data-link-address',
          points: perAddress.max,
          durationSeconds: perAddress.windowMinutes * 60,
        }),
      }),
    );
    const run = (options: { force?: boolean } = {}) =>
      sendDigests(
        {
          db: app.db,
          alerts,
          jobs: app.publicReads,
          outbox: app.outbox,
          now: () => app.now(),
          ...site,
          log: app.log,
        },
        options,
      );
    const digests = runPeriodically(app, {
      name: 'job-alert digest run',
      everyMs: app.config.alertDigestIntervalMinutes * 60_000,
      run: async () => {
        const report = await run();
        if (report.sent) app.log.info(report, 'job-alert digests queued');
      },
      atStart: true,
    });
    app.decorate('alertDigests', { run, idle: () => digests.idle() });

    new Gauge({
      name: 'jobboard_alert_digest_lag_seconds',
      aggregator: 'max',
      help: 'How long the most overdue job-alert digest has been due (0 when none is).',
      registers: [app.metrics.registry],
      async collect() {
        const lag = await app.metrics.read('digest lag', () => service.digestLagMs(app.now()));
        this.set(lag === null ? Number.NaN : lag / 1000);
      },
    });
  },
  {
    name: 'alerts',
    dependencies: [
      'config',
      'db',
      'schema',
      'ops',
      'jobs',
      'mail',
      'application-upkeep',
      'reports',
    ],
  },
);
