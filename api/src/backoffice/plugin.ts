import fp from 'fastify-plugin';
import { Backoffice } from './backoffice';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exports, timelines, the e-mail page and the dashboard's numbers (backoffice.ts). */
    backoffice: Backoffice;
  }
}

/** The back office: the admin's tools at scale, over the other domains' services. */
export default fp(
  async (app) => {
    app.decorate(
      'backoffice',
      new Backoffice({
        db: app.db,
        jobs: app.jobViews,
        companies: app.jobs.companies,
        submissions: app.submissions,
        payments: app.payments,
        outbox: app.outbox,
        alerts: app.alerts,
        applications: app.applicationUpkeep,
        sync: app.sync,
        jobStats: app.jobStats,
        secretLinks: app.secretLinks,
      }),
    );
  },
  {
    name: 'backoffice',
    dependencies: [
      'db',
      'jobs',
      'submissions',
      'payments',
      'mail',
      'alerts',
      'sync',
      'job-stats',
      'application-upkeep',
    ],
  },
);
