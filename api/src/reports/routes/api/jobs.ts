import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { clientKey } from '../../../platform/http/client-key';
import { route } from '../../../platform/http/endpoint-route';

/**
 * POST /api/jobs/:id/reports: a visitor reports a live listing (issue 45), with the spam check's
 * proof (the contract marks it; checked before the handler). Per client here (the
 * route's limit, counted before the body is read, refused reports too); one open report per client
 * and listing, and the listing's own cap, the service counts. No cookie is read: no CSRF check.
 */
const reportRoutes: FastifyPluginAsync = async (app) => {
  // Under /api/jobs, whose reads are public and cached: a report's answer is one person's.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  route(
    app,
    ENDPOINTS.reportListing,
    { config: { rateLimit: app.config.rateLimits.reportListing } },
    async (request) => {
      const message = await app.listingReports.report(
        request.params.id,
        request.body,
        clientKey(request.ip),
        app.now(),
      );
      return { message };
    },
  );
};

export default reportRoutes;
