import { channelOfVia, parseRecordId, withVia } from '@jobboard/contract/jobs';
import { httpUrl } from '@jobboard/contract/site';
import type { FastifyPluginAsync } from 'fastify';
import { ProcessRateLimit } from '../../platform/process-rate-limit';
import { COUNTED_ROUTE, countRequest, liveJob, siteOriginOf } from '../count-request';

/**
 * GET /jobs/:id/apply: the Apply button of a live job (docs/product.md#numbers). Counts the
 * click for the channel `?via=` names (the board's Apply link carries the channel of the job's
 * view; count-request.ts, channelOfRequest), a client's clicks up to its limit (rate-limits.ts,
 * applyClick), then sends the browser (303) to the job's own application address: the one stored
 * with the job, never anything from the request (no open redirect). A job that is not live, or
 * has no web address to apply at (its button shows the apply message instead), goes to its page,
 * which says what it is (with the link's `via` when it names a publication's channel: a job that
 * takes applications on the board counts its view there for that channel); an id that names no
 * record is the site's 404.
 */
const applyRoutes: FastifyPluginAsync = async (app) => {
  const limit = new ProcessRateLimit(app.config.rateLimits.applyClick);
  const siteOrigin = siteOriginOf(app);
  app.get<{ Params: { id: string } }>('/jobs/:id/apply', COUNTED_ROUTE, async (request, reply) => {
    const id = parseRecordId(request.params.id);
    if (id === null) return reply.callNotFound();
    reply.headers(app.jsonSecurityHeaders).header('Cache-Control', 'no-store');
    const job = await liveJob(app, id);
    const target = job ? httpUrl(job.applicationUrl) : undefined;
    if (!target) {
      const via = channelOfVia((request.query as { via?: unknown }).via);
      return reply.redirect(via ? withVia(`/jobs/${id}`, via) : `/jobs/${id}`, 303);
    }
    if (request.method === 'GET') await countRequest(app, request, 'apply', id, limit, siteOrigin);
    return reply.redirect(target, 303);
  });
};

export default applyRoutes;
