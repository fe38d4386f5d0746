import { DATABASE_UNAVAILABLE_MESSAGE } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { pendingMigrations } from '../../db/migrate';
import { route } from '../../http/endpoint-route';
import { QUIET, READINESS_TIMEOUT_MS, withTimeout } from '../probes';

/**
 * GET /readyz: this process can serve requests (readiness): the database answers and has every
 * migration this build knows. Otherwise 503 naming what is wrong (take it out of the rotation, do
 * not restart). Never cached: each answer is about now.
 */
const readyzRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.readiness, QUIET, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let pending: string[];
    try {
      await withTimeout(app.db.raw('select 1'), READINESS_TIMEOUT_MS);
      pending = await withTimeout(pendingMigrations(app.db), READINESS_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    if (pending.length) {
      request.log.warn({ pending }, 'not ready: migrations not applied');
      return reply.status(503).send({
        message: `The database is missing ${pending.length} migration(s): ${pending.join(', ')}. They are applied when the server starts.`,
      });
    }
    return { status: 'ok' as const };
  });
};

export default readyzRoutes;
