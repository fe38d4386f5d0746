import fp from 'fastify-plugin';
import { databaseLimiter } from '../platform/plugins/rate-limit';
import { EMPLOYER_SIGN_IN_LINK } from './employer-tokens';
import { EmployersRepository } from './employers-repository';
import { EmployersService } from './employers-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The employers' page: sign-in links, listings, receipts, edit, close (employers-service.ts). */
    employers: EmployersService;
  }
}

/**
 * The employers domain (issue 30): an e-mailed sign-in link instead of an account, and the
 * employer's own page over the submissions, jobs and payments of their address. Its routes are
 * the employer area's (employer-area.ts).
 */
export default fp(
  async (app) => {
    app.secretLinks.register(EMPLOYER_SIGN_IN_LINK);
    app.decorate(
      'employers',
      new EmployersService(
        {
          db: app.db,
          links: new EmployersRepository(),
          submissions: app.submissions,
          jobs: app.jobs,
          jobViews: app.jobViews,
          payments: app.payments,
          outbox: app.outbox,
          renewals: app.renewals,
          jobStats: app.jobStats,
          applications: app.applicationInbox,
          proposals: app.proposals,
          newsletter: app.newsletter,
          linkChecks: app.linkChecks,
          organizations: app.organizations,
          team: app.team,
          addressLimiter: databaseLimiter(app.db, app.dialect, {
            keyPrefix: 'employer-sign-in-link-address',
            points: app.config.rateLimits.employerSignInLinkPerAddress.max,
            durationSeconds: app.config.rateLimits.employerSignInLinkPerAddress.windowMinutes * 60,
          }),
        },
        { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName },
      ),
    );
  },
  {
    name: 'employers',
    dependencies: [
      'config',
      'db',
      'schema',
      'jobs',
      'submissions',
      'payments',
      'mail',
      'renewals',
      'job-stats',
      'proposals',
      'applications',
      'newsletter',
      'link-checks',
      'organizations',
      'organization-teams',
    ],
  },
);
