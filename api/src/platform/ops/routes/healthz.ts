import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';
import { NOT_SHED, QUIET } from '../probes';

/**
 * GET /healthz: the process is up and serving (liveness), for load balancers, orchestrators and
 * uptime checks. Touches nothing else, so a database outage never gets a healthy process
 * restarted, nor while the server sheds load (a busy process is alive). Never cached: each answer
 * is about now.
 */
const healthzRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.health, { ...QUIET, config: NOT_SHED }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });
};

export default healthzRoutes;
