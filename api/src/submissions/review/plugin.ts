import fp from 'fastify-plugin';
import { FraudHintFinder } from './fraud-hint-facts';
import { ReviewService } from './review-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admins' review queue of submissions (review-service.ts). */
    review: ReviewService;
  }
}

/**
 * The review queue: a plugin of its own within the submissions domain, because it uses the
 * payments (pay links, publishing), which themselves change the submissions' records.
 */
export default fp(
  async (app) => {
    app.decorate(
      'review',
      new ReviewService(
        app.db,
        app.submissions,
        app.payments,
        app.jobs.companies,
        app.outbox,
        { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName },
        new FraudHintFinder({
          submissions: app.submissions,
          jobs: app.reviewSignals,
          currency: app.config.boardCurrency,
        }),
        app.apiKeys,
      ),
    );
  },
  {
    name: 'review',
    dependencies: ['config', 'db', 'submissions', 'payments', 'jobs', 'mail', 'api-keys'],
  },
);
