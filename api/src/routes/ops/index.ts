import { DATABASE_UNAVAILABLE_MESSAGE, ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { pendingMigrations } from '../../db/migrate';
import { route } from '../../http/endpoint-route';

/** Probes are polled every few seconds: their lines stay out of the log unless something fails. */
const QUIET = { logLevel: 'warn' } as const;

/** A readiness probe answers within this, whatever the database does (a hung server, a lost host). */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * The operators' endpoints, outside /api (load balancers, orchestrators, uptime checks):
 * - `/healthz`: the process is up and serving (liveness). Touches nothing else, so a database
 *   outage never gets a healthy process restarted.
 * - `/readyz`: this process can serve requests: the database answers and has every migration this
 *   build knows. Otherwise 503 naming what is wrong (take it out of the rotation, do not restart).
 * Never cached: each answer is about now.
 */
const opsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.health, QUIET, async (_request, reply) => {
    noStore(reply);
    return { status: 'ok' as const };
  });

  route(app, ENDPOINTS.readiness, QUIET, async (request, reply) => {
    noStore(reply);
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

function noStore(reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store');
}

function withTimeout<T>(work: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve(work), timeout]).finally(() => clearTimeout(timer));
}

export default opsRoutes;
