import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * GET /api/admin/client-errors: what the browsers reported to this process (client-errors.ts,
 * forAdmins): the counts by kind and app and the latest reports. Admins only (the admin area).
 */
const adminClientErrorsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminClientErrors, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return app.clientErrors.forAdmins();
  });
};

export default adminClientErrorsRoutes;
