import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { CACHED, sendCached } from '../../../platform/plugins/public-cache';

/** /api/categories: the categories of public jobs, the board's filter choices. */
const categoriesRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.categories, CACHED, async (request, reply) =>
    sendCached(request, reply, await app.publicReads.categories()),
  );
};

export default categoriesRoutes;
