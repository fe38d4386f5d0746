import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/admin/stats: the dashboard's numbers. */
const statsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminStats, {}, async () => app.backoffice.numbers(app.now()));
};

export default statsRoutes;
