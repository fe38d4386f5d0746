import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { CACHED, sendCached } from '../../../platform/plugins/public-cache';

/** /api/locations: the locations of public jobs, the board's filter choices. */
const locationsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.locations, CACHED, async (request, reply) =>
    sendCached(request, reply, await app.publicReads.locations()),
  );
};

export default locationsRoutes;
