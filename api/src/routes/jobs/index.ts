import { JOB_ID_PATTERN, JobListQuery, SearchRequest } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/http-error';
import { validateInput } from '../../http/validate';

/** The public jobs area (SPEC.md 7): lists, one job, search, and the filter choices. */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  // One page of the public list (it used to be every job at once). The total and the next page are
  // in headers, so the body stays the plain list of jobs that clients of SPEC.md 7 read.
  app.get('/jobs', async (request, reply) => {
    const { page, pageSize } = validateInput(JobListQuery, request.query ?? {});
    const found = await app.jobs.listPublic(app.now(), page, pageSize);
    reply.header('X-Total-Count', `${found.total}${found.totalExact ? '' : '+'}`);
    const more = found.total > page * pageSize;
    if (more) reply.header('Link', `</api/jobs?page=${page + 1}&pageSize=${pageSize}>; rel="next"`);
    return app.jobs.loadInOrder(found.ids, app.now());
  });

  app.get('/jobs/recent', async () => app.jobs.listRecent(app.now()));

  app.get<{ Params: { id: string } }>('/jobs/:id', async (request) => {
    const { id } = request.params;
    const job = JOB_ID_PATTERN.test(id)
      ? await app.jobs.findVisible(Number(id), app.now())
      : undefined;
    if (!job) throw notFound('Job not found');
    return job;
  });

  app.post('/jobs/search', async (request) => {
    const search = validateInput(SearchRequest, request.body ?? {});
    return app.jobs.search(search, app.now());
  });

  app.get('/locations', async () => app.jobs.publicLocations(app.now()));

  app.get('/categories', async () => app.jobs.publicCategories(app.now()));
};

export default jobsRoutes;
