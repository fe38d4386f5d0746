import fp from 'fastify-plugin';
import { runPeriodically } from '../platform/periodic-runner';
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
    const reminders = runPeriodically(app, {
      name: 'renewal reminders',
      everyMs: app.config.renewalReminderIntervalMinutes * 60_000,
      run: () => service.remind(),
      atStart: true,
    });
    app.decorate('renewals', Object.assign(service, { idle: () => reminders.idle() }));
  },
  {
    name: 'renewals',
    dependencies: ['config', 'db', 'schema', 'jobs', 'submissions', 'mail', 'payments'],
  },
);
