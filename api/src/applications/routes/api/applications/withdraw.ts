import { APPLICATION_MESSAGES } from '@jobboard/contract/applications';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { csrfGuard } from '../../../../platform/http/csrf';
import { route } from '../../../../platform/http/endpoint-route';

/** POST /api/applications/withdraw: the withdrawal for a client that reads JSON (withdraw page's twin). */
const withdrawApiRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.withdrawApplication, { onRequest: csrfGuard(app) }, async (request) => {
    await app.applications.withdraw(request.body.token);
    return { message: APPLICATION_MESSAGES.withdrawn };
  });
};

export default withdrawApiRoutes;
