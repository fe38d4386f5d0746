import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoint-route';

/**
 * GET /remotes.json: which build of each remote to load. Never cached: switching a version takes
 * effect at once.
 */
const remotesRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.remotes, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return app.releases.remotes();
  });
};

export default remotesRoutes;
