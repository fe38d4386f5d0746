import fp from 'fastify-plugin';
import { JobsRepository } from '../jobs/jobs-repository';
import { searchIndexFor } from '../jobs/search-index';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'jobs',
      new JobsRepository(app.db, app.readDb, searchIndexFor(app.dialect), app.dialect),
    );
  },
  { name: 'jobs', dependencies: ['db'] },
);
