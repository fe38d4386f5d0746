import fp from 'fastify-plugin';
import { BackgroundRuns } from '../background-runs';
import { RENEWAL_LINK } from './renewal-tokens';
import { RenewalsRepository } from './renewals-repository';
import { RenewalsService } from './renewals-service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Renewing paid listings (renewals-service.ts). The employer's page asks
     * `renewals.linkFor(jobId)` for a renewal URL or the reason there is none.
     */
    renewals: RenewalsService & {
      /** Settles once the reminders' scheduler has no run in flight: tests await it. */
      idle(): Promise<void>;
    };
  }
}

/**
 * Renewals: the renewal links and their Checkout, the webhook's part (handed to the payments
 * service, whose webhook checks every event once), and the reminders: every
 * RENEWAL_REMINDER_INTERVAL_MINUTES (and at start) a process sends those due; off at 0 (then
 * `jobboard renewals remind` from cron). Several processes may schedule it: a lease lets one run
 * at a time.
 */
export default fp(
  async (app) => {
    app.secretLinks.register(RENEWAL_LINK);
    const service = new RenewalsService(
      {
        db: app.db,
        renewals: new RenewalsRepository(),
        jobEndings: app.jobEndings,
        jobs: app.jobs,
        submissions: app.submissions,
        outbox: app.outbox,
        stripe: app.stripe,
        publicUrl: app.config.publicUrl,
        boardName: app.config.site.boardName,
        adminEmail: app.config.mail.adminEmail,
        jobsEmail: app.config.site.jobsEmail,
      },
      () => app.now(),
    );
    app.payments.settleRenewalsWith((trx, session, now) => service.settle(trx, session, now));
    app.payments.reportRenewalIssuesFrom({
      unhandled: (db, submissionId) => service.unhandledIssues(db, submissionId),
      resolve: (trx, submissionId, renewalId, by, now) =>
        service.resolveIssue(trx, submissionId, renewalId, by, now),
    });
    const runs = new BackgroundRuns();
    app.decorate('renewals', Object.assign(service, { idle: () => runs.idle() }));

    const minutes = app.config.renewalReminderIntervalMinutes;
    if (minutes <= 0) return;
    let stopped = false;
    const tick = () => {
      if (stopped) return;
      runs.track(
        app
          .schemaCurrent()
          .then((current) => (current ? service.remind() : null))
          .catch((error: unknown) => app.log.error({ err: error }, 'renewal reminders failed')),
      );
    };
    const timer = setInterval(tick, minutes * 60_000);
    timer.unref();
    app.addHook('onReady', async () => tick());
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await runs.idle();
    });
  },
  {
    name: 'renewals',
    dependencies: ['config', 'db', 'schema', 'jobs', 'submissions', 'mail', 'payments'],
  },
);
