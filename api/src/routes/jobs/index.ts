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
import { BoundedMap } from '../../jobs/bounded-map';
import { CACHED, sendCached } from '../../plugins/public-cache';

/**
 * The public jobs area (SPEC.md 7): lists, one job, search, and the filter choices. Every answer
 * comes from the public-read cache (plugins/public-cache.ts), computed once per change of jobs.
 */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  const cache = app.publicCache;

  // One page of the public list (it used to be every job at once). The total and the next page are
  // in headers, so the body stays the plain list of jobs that clients of SPEC.md 7 read.
  app.get('/jobs', CACHED, async (request, reply) => {
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

  app.get('/jobs/recent', CACHED, async (request, reply) =>
    sendCached(request, reply, await cache.get('recent', () => app.jobs.listRecent(app.now()))),
  );

  app.get<{ Params: { id: string } }>('/jobs/:id', CACHED, async (request, reply) => {
    const { id } = request.params;
    if (!JOB_ID_PATTERN.test(id)) throw notFound('Job not found');
    const body = await cache.get(`job:${Number(id)}`, async () => {
      const job = await app.jobs.findVisible(Number(id), app.now());
      if (!job) throw notFound('Job not found');
      return job;
    });
    return sendCached(request, reply, body);
  });

  // The board sends the same few search bodies over and over: each text is parsed and checked
  // once, then known by its text (this scope's JSON parser answers a known text with its checked
  // search, without parsing it again).
  const known = new BoundedMap<string, KnownSearch>(1000);
  const bodyText = new WeakMap<object, string>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const hit = known.get(text as string);
    if (hit) return done(null, hit);
    bodyText.set(request, text as string);
    parseJson(request, text as string, done);
  });
  app.post('/jobs/search', CACHED, async (request, reply) => {
    let found = request.body instanceof KnownSearch ? request.body : undefined;
    if (!found) {
      const search = validateInput(SearchRequest, request.body ?? {});
      found = new KnownSearch(search, `search:${searchKey(search)}`);
      const text = bodyText.get(request);
      if (text !== undefined) known.set(text, found);
    }
    const { search, key } = found;
    return sendCached(
      request,
      reply,
      await cache.get(key, () => app.jobs.search(search, app.now())),
    );
  });

  app.get('/locations', CACHED, async (request, reply) =>
    sendCached(
      request,
      reply,
      await cache.get('locations', () => app.jobs.publicLocations(app.now())),
    ),
  );

  app.get('/categories', CACHED, async (request, reply) =>
    sendCached(
      request,
      reply,
      await cache.get('categories', () => app.jobs.publicCategories(app.now())),
    ),
  );
};

/** A search body already checked, and its cache key. */
class KnownSearch {
  constructor(
    readonly search: Search,
    readonly key: string,
  ) {}
}

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
