import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/**
 * POST /api/client-errors: a browser's report that the shell did not load a remote (its release
 * does not fit), could not load it, or that its page crashed. Logged and counted, answered 204.
 * Anyone can send one, so each client address has a budget (429 with Retry-After past it); no
 * cookie is read, so no CSRF check is needed (the shell sends it with navigator.sendBeacon).
 */
const clientErrorsRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.clientErrors,
    { config: { rateLimit: app.config.rateLimits.clientErrors } },
    async (request, reply) => {
      app.clientErrors.report(request.body, request.log);
      return reply.send(undefined);
    },
  );
};

export default clientErrorsRoutes;
