import fp from 'fastify-plugin';
import { ListingCreditsRepository } from '../submissions/listing-credits-repository';
import { SubmissionsRepository } from '../submissions/submissions-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** `submissions` and their history (`submission_events`). */
    submissions: SubmissionsRepository;
    /** Multiples Listing credits (`listing_credits`). */
    listingCredits: ListingCreditsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('submissions', new SubmissionsRepository(app.dialect));
    app.decorate('listingCredits', new ListingCreditsRepository());
  },
  { name: 'submissions', dependencies: ['db'] },
);
