import fp from 'fastify-plugin';
import { runPeriodically } from '../platform/periodic-runner';
import { CHECK_IN_LINK } from './check-in-tokens';
import { CheckInsRepository } from './check-ins-repository';
import { CheckInsService } from './check-ins-service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * "Still hiring?" check-ins (check-ins-service.ts): the run, the one-press page, and each
     * listing's latest check-in for the admins' screens.
     */
    checkIns: CheckInsService & {
      /** Settles once the scheduler has no run in flight: tests await it. */
      idle(): Promise<void>;
    };
  }
}

/**
 * Still-hiring check-ins (issue 45): every CHECK_IN_INTERVAL_MINUTES (and at start) a process
 * sends the check-ins due and flags those unanswered; off at 0 (then `jobboard check-ins run`
 * from cron). Several processes may schedule it: a lease lets one run at a time. The employer's
 * page shows each listing's latest check-in (registered with the employers, who close a listing
 * answered "Filled").
 */
export default fp(
  async (app) => {
    app.secretLinks.register(CHECK_IN_LINK);
    const service = new CheckInsService(
      {
        db: app.db,
        checkIns: new CheckInsRepository(),
        listings: app.liveListings,
        submissions: app.submissions,
        jobs: app.jobs,
        employers: app.employers,
        settings: app.settings,
        outbox: app.outbox,
        site: {
          publicUrl: app.config.publicUrl,
          boardName: app.config.site.boardName,
          jobsEmail: app.config.site.jobsEmail,
        },
      },
      () => app.now(),
    );
    app.employers.showCheckInsFrom((jobIds) => service.statesOf(jobIds));
    const runs = runPeriodically(app, {
      name: 'still-hiring check-ins',
      everyMs: app.config.checkInIntervalMinutes * 60_000,
      run: () => service.run(),
      atStart: true,
    });
    app.decorate('checkIns', Object.assign(service, { idle: () => runs.idle() }));
  },
  {
    name: 'check-ins',
    dependencies: [
      'config',
      'db',
      'schema',
      'jobs',
      'submissions',
      'settings',
      'mail',
      'employers',
    ],
  },
);
