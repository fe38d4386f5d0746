import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { CACHED, sendCached } from '../../../platform/plugins/public-cache';

/**
 * /api/organizations/{slug} (issue 47): an organisation's page, for the board when the browser
 * moves to it (the server puts the first page in the page it draws). From the public reads, kept
 * until jobs change.
 */
const organizationRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.organizationPage, CACHED, async (request, reply) =>
    sendCached(
      request,
      reply,
      await app.publicReads.organization(request.params.slug, request.query.page),
    ),
  );
};

export default organizationRoutes;
