import fp from 'fastify-plugin';
import { ListingCreditsRepository } from './listing-credits-repository';
import { SubmissionsService } from './submissions-service';
import { SubmissionsRepository } from './submissions-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Submissions, their history and Multiples Listing credits (submissions-service.ts). */
    submissions: SubmissionsService;
  }
}

/** The submissions domain: the employer's submission and the records the review and payments change. */
export default fp(
  async (app) => {
    app.decorate(
      'submissions',
      new SubmissionsService(
        app.db,
        app.dialect,
        new SubmissionsRepository(app.dialect),
        new ListingCreditsRepository(),
        app.promoCodes,
        app.outbox,
        // The logos domain registers after this one (it needs jobs, which needs submissions): it
        // is asked when a submission is checked, by then long on the app.
        { has: (hash, db) => app.logos.has(hash, db) },
        {
          boardName: app.config.site.boardName,
          publicUrl: app.config.publicUrl,
          adminEmail: app.config.mail.adminEmail,
          currency: app.config.boardCurrency,
        },
        app.organizations,
      ),
    );
  },
  { name: 'submissions', dependencies: ['config', 'db', 'promo-codes', 'mail', 'organizations'] },
);
