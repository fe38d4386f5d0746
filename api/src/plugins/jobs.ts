import fp from 'fastify-plugin';
import { JobChanges } from '../jobs/job-changes';
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
      new JobsRepository(
        app.db,
        app.readDb,
        searchIndexFor(app.dialect),
        app.dialect,
        new JobChanges(),
        // The admins' job list names the submission each job came from: the submissions' table.
        (jobIds) => app.submissions.idsByJob(app.db, jobIds),
      ),
    );
  },
  { name: 'jobs', dependencies: ['db', 'submissions'] },
);
