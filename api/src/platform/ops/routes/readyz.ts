import { DATABASE_UNAVAILABLE_MESSAGE } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { migrationStatus, type MigrationStatus } from '../../db/migrate';
import { route } from '../../http/endpoint-route';
import { QUIET, READINESS_TIMEOUT_MS, withTimeout } from '../probes';
import { schemaAheadMessage, schemaBehindMessage } from '../schema-messages';

/**
 * GET /readyz: this process can serve requests (readiness): the database answers and has every
 * migration this build knows. Otherwise 503 naming what is wrong (take it out of the rotation, do
 * not restart): the database is down, or the schema is behind (run the migrations). A schema ahead
 * of this build (a rollback: a newer release's migrations are applied) is ready all the same, and
 * said (`schema: 'ahead'`). Never cached: each answer is about now.
 */
const readyzRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.readiness, QUIET, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let status: MigrationStatus;
    try {
      await withTimeout(app.db.raw('select 1'), READINESS_TIMEOUT_MS);
      status = await withTimeout(migrationStatus(app.db), READINESS_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const { pending, unknownApplied } = status;
    // Replicas as the background check last found them: a replica down or lagging is skipped by
    // the public reads (the primary takes them), so it never makes the process unready.
    const replicas = app.readReplicas ? { replicas: app.readReplicas.statuses() } : {};
    if (pending.length) {
      request.log.warn({ pending }, 'not ready: schema behind');
      return reply.status(503).send({ message: schemaBehindMessage(pending) });
    }
    if (unknownApplied.length) {
      return {
        status: 'ok' as const,
        schema: 'ahead' as const,
        message: schemaAheadMessage(unknownApplied),
        ...replicas,
      };
    }
    return { status: 'ok' as const, ...replicas };
  });
};

export default readyzRoutes;
