import {
  JOB_ID_PATTERN,
  JobListQuery,
  SearchRequest,
  type SearchRequest as Search,
} from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/http-error';
import { validateInput } from '../../http/validate';
import { searchTerms } from '../../jobs/search-index';
import { sendCached } from '../../plugins/public-cache';

/**
 * The public jobs area (SPEC.md 7): lists, one job, search, and the filter choices. Every answer
 * comes from the public-read cache (plugins/public-cache.ts), computed once per change of jobs.
 */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  const cache = app.publicCache;

  // One page of the public list (it used to be every job at once). The total and the next page are
  // in headers, so the body stays the plain list of jobs that clients of SPEC.md 7 read.
  app.get('/jobs', async (request, reply) => {
    const { page, pageSize } = validateInput(JobListQuery, request.query ?? {});
    const body = await cache.answer(`list:${page}:${pageSize}`, async () => {
      const { ids, total, totalExact } = await app.jobs.listPublic(app.now(), page, pageSize);
      const next = `</api/jobs?page=${page + 1}&pageSize=${pageSize}>; rel="next"`;
      return {
        body: await app.jobs.loadInOrder(ids, app.now()),
        headers: {
          'X-Total-Count': `${total}${totalExact ? '' : '+'}`,
          ...(total > page * pageSize ? { Link: next } : {}),
        },
      };
    });
    return sendCached(request, reply, body);
  });

  app.get('/jobs/recent', async (request, reply) =>
    sendCached(request, reply, await cache.get('recent', () => app.jobs.listRecent(app.now()))),
  );

  app.get<{ Params: { id: string } }>('/jobs/:id', async (request, reply) => {
    const { id } = request.params;
    if (!JOB_ID_PATTERN.test(id)) throw notFound('Job not found');
    const body = await cache.get(`job:${Number(id)}`, async () => {
      const job = await app.jobs.findVisible(Number(id), app.now());
      if (!job) throw notFound('Job not found');
      return job;
    });
    return sendCached(request, reply, body);
  });

  app.post('/jobs/search', async (request, reply) => {
    const search = validateInput(SearchRequest, request.body ?? {});
    const body = await cache.get(`search:${searchKey(search)}`, () =>
      app.jobs.search(search, app.now()),
    );
    return sendCached(request, reply, body);
  });

  app.get('/locations', async (request, reply) =>
    sendCached(
      request,
      reply,
      await cache.get('locations', () => app.jobs.publicLocations(app.now())),
    ),
  );

  app.get('/categories', async (request, reply) =>
    sendCached(
      request,
      reply,
      await cache.get('categories', () => app.jobs.publicCategories(app.now())),
    ),
  );
};

/** The same search, however its body was written: keys in one order, categories as a set. */
function searchKey(search: Search): string {
  return JSON.stringify([
    searchTerms(search.query),
    search.jobType.fullTime,
    search.jobType.partTime,
    search.jobType.contract,
    search.jobType.remote,
    search.experience.entry,
    search.experience.mid,
    search.experience.senior,
    search.salaryRange,
    search.location.trim().toLowerCase(),
    [...new Set(search.category.map((c) => c.trim().toLowerCase()))].sort(),
    search.sortOption,
    search.page,
    search.pageSize,
  ]);
}

export default jobsRoutes;
