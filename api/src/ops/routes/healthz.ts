import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';
import { QUIET } from '../probes';

/**
 * GET /healthz: the process is up and serving (liveness), for load balancers, orchestrators and
 * uptime checks. Touches nothing else, so a database outage never gets a healthy process
 * restarted. Never cached: each answer is about now.
 */
const healthzRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.health, QUIET, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });
};

export default healthzRoutes;
