import type { FastifyContextConfig } from 'fastify';

/**
 * The operators' probes, outside /api (load balancers, orchestrators, uptime checks): /healthz
 * and /readyz (routes/).
 */

/** Probes are polled every few seconds: their lines stay out of the log unless something fails. */
export const QUIET = { logLevel: 'warn' } as const;

/**
 * A route's config that keeps it answering while the server sheds load (platform/plugins/under-pressure.ts):
 * a pressure handler that returns nothing lets the request through.
 */
export const NOT_SHED: FastifyContextConfig = { pressureHandler: () => undefined };

/** A readiness probe answers within this, whatever the database does (a hung server, a lost host). */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * /readyz's 503 to a request without the METRICS_TOKEN: whatever is wrong (the database, the
 * schema), the same words, which name nothing of the board's set-up (routes/readyz.ts).
 */
export const NOT_READY_MESSAGE = 'Not ready.';

export function withTimeout<T>(work: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve(work), timeout]).finally(() => clearTimeout(timer));
}
