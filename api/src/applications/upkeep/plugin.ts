import fp from 'fastify-plugin';
import { runPeriodically } from '../../platform/periodic-runner';
import { ApplicationsRepository } from '../applications-repository';
import { ApplicationsUpkeepRepository } from '../applications-upkeep-repository';
import { ApplicationsUpkeep } from './applications-upkeep';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Applications once stored (applications-upkeep.ts): the employers' daily digests, retention,
     * the admin's counts and deletions, an address's data export and deletion.
     */
    applicationUpkeep: ApplicationsUpkeep & {
      /** Settles once the digests' scheduler has no run in flight: tests await it. */
      idle(): Promise<void>;
    };
  }
}

/**
 * The applications' upkeep, a plugin of its own beside the slice's (which takes applications), so
 * that the alerts, the members, the back office and the retention run, which ask it, need not wait
 * for more than it. Every APPLICATION_DIGEST_INTERVAL_MINUTES (and at start) a process sends the
 * employers' daily digests that are due; off at 0 (then `jobboard applications digest` from
 * cron). Several processes may schedule it: a lease lets one run at a time.
 */
export default fp(
  async (app) => {
    const upkeep = new ApplicationsUpkeep({
      db: app.db,
      upkeep: new ApplicationsUpkeepRepository(),
      applications: new ApplicationsRepository(),
      submissions: app.submissions,
      jobs: app.jobEndings,
      outbox: app.outbox,
      hour: app.config.applicationDigest.hour,
      publicUrl: app.config.publicUrl,
      boardName: app.config.site.boardName,
      now: () => app.now(),
    });
    const digests = runPeriodically(app, {
      name: 'application digest run',
      everyMs: app.config.applicationDigest.intervalMinutes * 60_000,
      run: async () => {
        const report = await upkeep.sendDigests();
        if (report.sent) app.log.info(report, 'application digests queued');
      },
      atStart: true,
    });
    app.decorate('applicationUpkeep', Object.assign(upkeep, { idle: () => digests.idle() }));
  },
  {
    name: 'application-upkeep',
    dependencies: ['config', 'db', 'schema', 'jobs', 'submissions', 'mail', 'applications'],
  },
);
