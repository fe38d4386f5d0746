import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** GET /api/admin/check-auth (docs/product.md#calls): who is signed in (the area's session check answers 401). */
const checkAuthRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.checkAuth, {}, async (request) => ({
    authenticated: true as const,
    username: request.admin!.username,
    ...(request.admin!.mustEnrol ? { enrolRequired: true as const } : {}),
  }));
};

export default checkAuthRoutes;
