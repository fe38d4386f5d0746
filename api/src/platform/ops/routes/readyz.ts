import { DATABASE_UNAVAILABLE_MESSAGE } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { migrationStatus, type MigrationStatus } from '../../db/migrate';
import { route } from '../../http/endpoint-route';
import { carriesMetricsToken } from '../metrics-token';
import { NOT_READY_MESSAGE, QUIET, READINESS_TIMEOUT_MS, withTimeout } from '../probes';
import { schemaAheadMessage, schemaBehindMessage } from '../schema-messages';

/**
 * GET /readyz: this process can serve requests (readiness): the database answers and has every
 * migration this build knows. Otherwise 503 (take it out of the rotation, do not restart): the
 * database is down, or the schema is behind (run the migrations). A schema ahead of this build (a
 * rollback: a newer release's migrations are applied) is ready all the same. Never cached: each
 * answer is about now.
 *
 * What is wrong, the migrations' names, a schema ahead and the read replicas (their hosts, ports
 * and databases) are said only to a request with the METRICS_TOKEN (issue 43, finding 8): the
 * probe is public, and they map the board's databases and its releases for anyone. Everyone else
 * gets the same status codes with a bare body: `{ status: 'ok' }`, or a 503 saying "not ready".
 */
const readyzRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.metrics.token;
  route(app, ENDPOINTS.readiness, QUIET, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const detailed = carriesMetricsToken(request.headers.authorization, token);
    const notReady = (message: string) =>
      reply.status(503).send({ message: detailed ? message : NOT_READY_MESSAGE });
    let status: MigrationStatus;
    try {
      await withTimeout(app.db.raw('select 1'), READINESS_TIMEOUT_MS);
      status = await withTimeout(migrationStatus(app.db), READINESS_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return notReady(DATABASE_UNAVAILABLE_MESSAGE);
    }
    const { pending, unknownApplied } = status;
    if (pending.length) {
      request.log.warn({ pending }, 'not ready: schema behind');
      return notReady(schemaBehindMessage(pending));
    }
    if (!detailed) return { status: 'ok' as const };
    // Replicas as the background check last found them: a replica down or lagging is skipped by
    // the public reads (the primary takes them), so it never makes the process unready.
    const replicas = app.readReplicas ? { replicas: app.readReplicas.statuses() } : {};
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
