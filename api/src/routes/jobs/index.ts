import { JOB_ID_PATTERN, JobListQuery, SearchRequest } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/http-error';
import { validateInput } from '../../http/validate';
import { BoundedMap } from '../../jobs/bounded-map';
import { CACHED, sendCached } from '../../plugins/public-cache';

/**
 * The public jobs area (SPEC.md 7): lists, one job, search, and the filter choices. Every answer
 * comes from the public reads (jobs/public-reads.ts), computed once per change of jobs.
 */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  const reads = app.publicReads;

  // One page of the public list (it used to be every job at once). The total and the next page are
  // in headers, so the body stays the plain list of jobs that clients of SPEC.md 7 read.
  app.get('/jobs', CACHED, async (request, reply) => {
    const { page, pageSize } = validateInput(JobListQuery, request.query ?? {});
    return sendCached(request, reply, await reads.list(page, pageSize));
  });

  app.get('/jobs/recent', CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.recent()),
  );

  app.get<{ Params: { id: string } }>('/jobs/:id', CACHED, async (request, reply) => {
    const { id } = request.params;
    if (!JOB_ID_PATTERN.test(id)) throw notFound('Job not found');
    return sendCached(request, reply, await reads.job(Number(id)));
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
    // A callback parser: it answers through `done` (its type also allows a promise-returning one).
    void parseJson(request, text as string, done);
  });
  app.post('/jobs/search', CACHED, async (request, reply) => {
    let found = request.body instanceof KnownSearch ? request.body : undefined;
    if (!found) {
      found = new KnownSearch(validateInput(SearchRequest, request.body ?? {}));
      const text = bodyText.get(request);
      if (text !== undefined) known.set(text, found);
    }
    return sendCached(request, reply, await reads.search(found.search));
  });

  app.get('/locations', CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.locations()),
  );

  app.get('/categories', CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.categories()),
  );
};

/** A search body already checked. */
class KnownSearch {
  constructor(readonly search: SearchRequest) {}
}

export default jobsRoutes;
