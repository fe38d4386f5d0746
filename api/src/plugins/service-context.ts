import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../service-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way a route builds what its services work with. */
    serviceContext(request: FastifyRequest): ServiceContext;
  }
}

export default fp(
  async (app) => {
    app.decorate('serviceContext', (request: FastifyRequest): ServiceContext => ({
      db: app.db,
      dialect: app.dialect,
      jobs: app.jobs,
      publicReads: app.publicReads,
      submissions: app.submissions,
      listingCredits: app.listingCredits,
      promoCodes: app.promoCodes,
      payments: app.payments,
      outbox: app.outbox,
      alerts: app.alerts,
      members: app.members,
      ghostTokens: app.ghostTokens,
      syncRuns: app.syncRuns,
      jobSource: app.jobSource,
      stripe: app.stripe,
      now: app.now(),
      publicUrl: app.config.publicUrl,
      boardName: app.config.site.boardName,
      adminEmail: app.config.mail.adminEmail,
      log: request.log,
    }));
  },
  {
    name: 'service-context',
    dependencies: [
      'config',
      'db',
      'jobs',
      'submissions',
      'promo-codes',
      'payments',
      'mailer',
      'alerts',
      'stripe',
      'members',
      'sync',
    ],
  },
);
