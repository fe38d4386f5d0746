import fp from 'fastify-plugin';
import { ProposalsRepository } from './proposals-repository';
import { ProposalsService } from './proposals-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Employers' proposals of changes to their live jobs (proposals-service.ts). */
    proposals: ProposalsService;
  }
}

/**
 * Proposals of changes to live jobs (issue 30): the employer proposes from their page, the admin
 * approves from a diff or rejects with a reason; typo fixes go live at once when the admin's
 * setting allows. Its routes are in the employer area and the admin area.
 */
export default fp(
  async (app) => {
    app.decorate(
      'proposals',
      new ProposalsService(
        {
          db: app.db,
          proposals: new ProposalsRepository(),
          settings: app.settings,
          jobs: app.jobs,
          jobViews: app.jobViews,
          submissions: app.submissions,
          outbox: app.outbox,
        },
        { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName },
      ),
    );
  },
  {
    name: 'proposals',
    dependencies: ['config', 'db', 'schema', 'jobs', 'submissions', 'mail', 'settings'],
  },
);
