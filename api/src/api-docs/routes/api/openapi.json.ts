import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { CACHED, sendCached } from '../../../platform/plugins/public-cache';
import { apiDescription } from '../../api-description';

/** /api/openapi.json (issue 46): the API described by OpenAPI 3.1, from the endpoint table. */
const openApiRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.openApiDocument, CACHED, async (request, reply) =>
    sendCached(request, reply, apiDescription(app)),
  );
};

export default openApiRoutes;
