import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { ProcessRateLimit } from '../../../platform/process-rate-limit';
import { COUNTED_ENDPOINT, countRequest, liveJob, siteOriginOf } from '../../count-request';

/**
 * POST /api/jobs/:id/view: the board's beacon when a job's modal opens or its page shows
 * (docs/product.md#numbers), for the channel `?via=` names (count-request.ts, channelOfRequest).
 * Counted once per visitor and day for a live job, and a client's
 * views only up to its limit (rate-limits.ts, jobView); 204 whatever happened, so a beacon
 * learns nothing about counting. No cookie is read: no CSRF check needed.
 */
const viewRoutes: FastifyPluginAsync = async (app) => {
  const limit = new ProcessRateLimit(app.config.rateLimits.jobView);
  const siteOrigin = siteOriginOf(app);
  route(app, ENDPOINTS.jobView, COUNTED_ENDPOINT, async (request, reply) => {
    const id = request.params.id;
    if (await liveJob(app, id)) await countRequest(app, request, 'view', id, limit, siteOrigin);
    return reply
      .headers(app.jsonSecurityHeaders)
      .header('Cache-Control', 'no-store')
      .send(undefined);
  });
};

export default viewRoutes;
