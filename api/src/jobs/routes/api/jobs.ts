import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { type SearchRequest } from '@jobboard/contract/jobs';
import type { FastifyPluginAsync } from 'fastify';
import { markChecked, route } from '../../../platform/http/endpoint-route';
import { CACHED, sendCached } from '../../../platform/plugins/public-cache';
import { BoundedMap } from '../../bounded-map';

/**
 * /api/jobs (docs/product.md#calls): the public list, the recent list, one job and the board's search. Every
 * answer comes from the public reads (jobs/public-reads.ts), computed once per change of jobs.
 */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  const reads = app.publicReads;

  // One page of the public list (it used to be every job at once). The total and the next page are
  // in headers, so the body stays the plain list of jobs that clients of docs/product.md#calls read.
  route(app, ENDPOINTS.jobList, CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.list(request.query.page, request.query.pageSize)),
  );

  route(app, ENDPOINTS.recentJobs, CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.recent()),
  );

  route(app, ENDPOINTS.recentJobLines, CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.recentLines()),
  );

  route(app, ENDPOINTS.job, CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.job(request.params.id)),
  );

  // A job page's similar jobs (issue 47): cached per job until jobs change.
  route(app, ENDPOINTS.similarJobs, CACHED, async (request, reply) =>
    sendCached(request, reply, await reads.similar(request.params.id)),
  );

  // The board sends the same few search bodies over and over: each text is parsed and checked
  // once, then known by its text (this scope's JSON parser answers a known text with its checked
  // search, marked as checked so that the body's struct lets it through without a second look),
  // with its key in the public cache, so the fast path answers it from the text alone
  // (platform/http/fast-reads.ts; a body it read and could not answer arrives through `handOver`).
  const known = new BoundedMap<string, { search: SearchRequest; key: string }>(1000);
  const bodyText = new WeakMap<object, string>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const hit = known.get(text as string);
    if (hit) return done(null, hit.search);
    bodyText.set(request, text as string);
    // A callback parser: it answers through `done` (its type also allows a promise-returning one).
    void parseJson(request, text as string, done);
  });
  app.fastReads.add({
    method: ENDPOINTS.searchJobs.method,
    url: ENDPOINTS.searchJobs.path,
    answer: (text) => {
      const hit = known.get(text);
      return hit && app.publicCache.peek(hit.key);
    },
  });
  route(
    app,
    ENDPOINTS.searchJobs,
    { ...CACHED, preParsing: app.fastReads.handOver },
    async (request, reply) => {
      const text = bodyText.get(request);
      if (text !== undefined) {
        known.set(text, { search: markChecked(request.body), key: reads.searchKey(request.body) });
      }
      return sendCached(request, reply, await reads.search(request.body));
    },
  );
};

export default jobsRoutes;
