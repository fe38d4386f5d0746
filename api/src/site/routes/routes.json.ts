import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoint-route';

/**
 * GET /routes.json: the live remotes' routes, read from their releases (the table the server
 * inlines in every page). Never cached: a promote changes it at once. The shell asks for it under
 * its dev server, where no page is inlined.
 */
const routeTableRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.routes, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return app.releases.routes();
  });
};

export default routeTableRoutes;
