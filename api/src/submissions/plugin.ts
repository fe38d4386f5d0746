import fp from 'fastify-plugin';
import { ListingCreditsRepository } from './listing-credits-repository';
import { adoptOrphans } from './orphan-adoption';
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
    const submissions = new SubmissionsRepository(app.dialect);
    const credits = new ListingCreditsRepository();
    app.decorate(
      'submissions',
      new SubmissionsService(
        app.db,
        app.dialect,
        submissions,
        credits,
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
    // Once the schema is this release's: listings and credits an earlier release wrote without
    // an organisation (during a rolling upgrade) get their contact's (issue 47).
    app.whenSchemaCurrent(async () => {
      const deps = { submissions, credits, organizations: app.organizations };
      const adopted = await adoptOrphans(app.db, deps, app.now());
      if (adopted) app.log.info({ rows: adopted }, 'listings and credits given their organisation');
    });
  },
  {
    name: 'submissions',
    dependencies: ['config', 'db', 'schema', 'promo-codes', 'mail', 'organizations'],
  },
);
