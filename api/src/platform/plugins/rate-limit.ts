import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Dialect } from '../db/knex';
import { HttpError } from '../http/http-error';
import { clientKey } from '../http/client-key';
import { runPeriodically } from '../periodic-runner';
import type { RateLimit } from '../rate-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * At most `max` requests per client (an IPv4 address, or an IPv6 /64: platform/http/client-key.ts)
     * in `windowMinutes`, counted in the database for every process: the route's entry of the
     * rate limits' table (platform/rate-limits.ts, `app.config.rateLimits`).
     */
    rateLimit?: RateLimit;
  }
  interface FastifyRequest {
    /**
     * Who the route's limit counts when it is not the client: set by an area's guard before the
     * limit is counted (an integrator's API key, api-keys/integrator-area.ts).
     */
    rateLimitKey?: string;
  }
}

/** The table the counters live in (migrations/20261126140100_create_rate_limits.ts). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** The answer past a limit; the forms show it as it is. */
export const tooManyRequests = (seconds: number) =>
  `Too many requests. Please wait ${seconds} seconds and try again.`;

/**
 * A limiter counting in the `rate_limits` table: rate-limiter-flexible's store for the database
 * in use, on the app's own Knex pool. Every count is one atomic upsert, so every API process on
 * the database shares it. The table comes from our migration (`tableCreated`): the library runs
 * no DDL, and its own expiry timer is off (the plugin purges).
 */
export function databaseLimiter(
  db: Knex,
  dialect: Dialect,
  options: { keyPrefix: string; points: number; durationSeconds: number },
): RateLimiterAbstract {
  const store = {
    storeClient: db,
    storeType: 'knex',
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
  };
  return dialect === 'postgres' ? new RateLimiterPostgres(store) : new SqliteLimiter(store, db);
}

/**
 * rate-limiter-flexible's SQLite store with its count done through Knex. The library's own
 * (11.4) wraps the upsert in a SAVEPOINT on a connection taken from the pool and hands the
 * connection back before the SAVEPOINT is released (`return` of the promise inside
 * try/finally): the next user of our single writer connection then fails with "cannot start a
 * transaction within a transaction". The upsert below is the library's statement, run alone:
 * one statement is atomic in SQLite, so it needs no transaction.
 */
class SqliteLimiter extends RateLimiterSQLite {
  constructor(
    options: ConstructorParameters<typeof RateLimiterSQLite>[0],
    private readonly db: Knex,
  ) {
    super(options);
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    const rows = (await (forceExpire
      ? this.db.raw(
          `INSERT OR REPLACE INTO ${RATE_LIMITS_TABLE} (key, points, expire) VALUES (?, ?, ?)
           RETURNING points, expire`,
          [key, points, expire],
        )
      : this.db.raw(
          `INSERT INTO ${RATE_LIMITS_TABLE} (key, points, expire) VALUES (?, ?, ?)
           ON CONFLICT(key) DO UPDATE SET
             points = CASE WHEN expire IS NULL OR expire > ? THEN points + excluded.points ELSE excluded.points END,
             expire = CASE WHEN expire IS NULL OR expire > ? THEN expire ELSE excluded.expire END
           RETURNING points, expire`,
          [key, points, expire, now, now],
        ))) as { points: number; expire: number | null }[];
    return rows[0];
  }
}

/**
 * Per-route limits, off unless a route sets `config.rateLimit` (its entry of platform/rate-limits.ts's
 * table: submissions, sign-in, alerts, client errors, members, pay and renewal links). Counted
 * in onRequest, before the body is read and before any expensive work (argon2, mail, writes).
 * Past the limit: 429 with Retry-After and a JSON message the forms can show.
 *
 * Our own hook over rate-limiter-flexible rather than @fastify/rate-limit with a custom store:
 * one library and a dozen lines, instead of an adapter between two libraries' ideas of a store
 * (the same headers as before: x-ratelimit-limit / -remaining / -reset).
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (routeOptions) => {
      const limit = routeOptions.config?.rateLimit;
      if (!limit) return;
      const methods = [routeOptions.method].flat().join(',');
      const limiter = databaseLimiter(app.db, app.dialect, {
        keyPrefix: `${methods} ${routeOptions.url}`,
        points: limit.max,
        durationSeconds: limit.windowMinutes * 60,
      });
      const hook: onRequestHookHandler = async (request, reply) => {
        await consume(limiter, limit.max, request, reply);
      };
      routeOptions.onRequest = [routeOptions.onRequest ?? []].flat().concat(hook);
    });

    runPeriodically(app, {
      name: 'rate limit purge',
      everyMs: 15 * 60_000,
      // The library's clock is the real one: a row past `expire` is never read again.
      run: () => app.db(RATE_LIMITS_TABLE).where('expire', '<', Date.now()).delete(),
      failureLevel: 'warn',
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'db', 'schema'] },
);

async function consume(
  limiter: RateLimiterAbstract,
  max: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  let result: RateLimiterRes;
  let refused = false;
  try {
    result = await limiter.consume(request.rateLimitKey ?? clientKey(request.ip));
  } catch (error) {
    // The library rejects with its result when the limit is passed, with an Error otherwise.
    if (!(error instanceof RateLimiterRes)) throw error;
    result = error;
    refused = true;
  }
  const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  reply.header('x-ratelimit-limit', String(max));
  reply.header('x-ratelimit-remaining', String(result.remainingPoints));
  reply.header('x-ratelimit-reset', String(seconds));
  if (refused) {
    reply.header('Retry-After', String(seconds));
    throw new HttpError(429, tooManyRequests(seconds));
  }
}
