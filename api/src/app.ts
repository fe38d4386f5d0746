import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Config, TrustProxy } from './config';
import { jsonSerializerCompiler, structValidatorCompiler } from './http/endpoint-route';
import { REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL, requestIdOf } from './http/request-id';
import { redactLogLine, serializeRequest } from './http/request-log';
import adminsPlugin from './admins/plugin';
import alertsPlugin from './alerts/plugin';
import backofficePlugin from './backoffice/plugin';
import discoveryPlugin from './discovery/plugin';
import jobsPlugin from './jobs/plugin';
import mailPlugin from './mail/plugin';
import membersPlugin from './members/plugin';
import paymentsPlugin from './payments/plugin';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import publicCachePlugin from './plugins/public-cache';
import rateLimitPlugin from './plugins/rate-limit';
import releasesPlugin from './plugins/releases';
import securityHeadersPlugin from './plugins/security-headers';
import sessionPlugin from './plugins/session';
import promoCodesPlugin from './promo-codes/plugin';
import sitePlugin from './site/plugin';
import reviewPlugin from './submissions/review/plugin';
import submissionsPlugin from './submissions/plugin';
import syncPlugin from './sync/plugin';
import adminRoutes from './routes/admin';
import alertsRoutes from './routes/alerts';
import refreshJobsRoutes from './routes/admin/refresh-jobs';
import authRoutes from './routes/auth';
import discoveryRoutes from './routes/discovery';
import jobsRoutes from './routes/jobs';
import membersRoutes from './routes/members';
import opsRoutes from './routes/ops';
import paymentsRoutes from './routes/payments';
import submissionsRoutes from './routes/submissions';
import siteRoutes from './routes/site';

export interface AppOptions {
  config: Config;
  /** Log requests (pino). Off in tests. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). Implies `logger`. */
  logStream?: { write(line: string): void };
  /** Replace the clock (tests). */
  now?: () => Date;
  /** Use this open database instead of opening one from the configuration (tests). */
  db?: Knex;
}

/** 64 KB: far above any real job posting, far below anything that could hurt the server. */
export const BODY_LIMIT = 64 * 1024;

/**
 * The whole API as a Fastify instance, ready for `inject` or `listen`. Infrastructure plugins first
 * (each names what it depends on), then one encapsulated plugin per area under /api.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger:
      options.logger || options.logStream
        ? {
            level: options.config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
            // Pay-link tokens never reach the log (http/request-log.ts).
            serializers: { req: serializeRequest },
            hooks: { streamWrite: redactLogLine },
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : false,
    // One id per request, in every log line of it and in its answer's X-Request-Id: the caller's
    // own when it is sane (a proxy's id then links both logs), a new one otherwise. Fastify's
    // requestIdHeader would take any value as it came, so genReqId reads the header itself.
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    // Behind a proxy the client's address comes from X-Forwarded-For (rate limits use it).
    trustProxy: trustedProxies(options.config.trustProxy),
    ...timeouts(options.config.requestTimeoutSeconds),
  });

  // First of all hooks, so every answer carries the id: errors, 404s and refusals included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  await app.register(configPlugin, { config: options.config, now: options.now });
  await app.register(errorsPlugin);
  // Routes declare their input and answer with the contract's structs (http/endpoint-route.ts).
  app.setValidatorCompiler(structValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // Brotli or gzip for every answer over 1 KB that is not compressed already: the admins' and
  // other uncached API JSON (built assets come precompressed; cached public reads and site pages
  // are compressed once per answer by plugins/public-cache.ts and opt out).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(releasesPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, { db: options.db });
  await app.register(rateLimitPlugin);
  await app.register(publicCachePlugin);
  // One plugin per domain, each after those it names as its dependencies.
  await app.register(mailPlugin);
  await app.register(promoCodesPlugin);
  await app.register(submissionsPlugin);
  await app.register(jobsPlugin);
  await app.register(paymentsPlugin);
  await app.register(reviewPlugin);
  await app.register(adminsPlugin);
  await app.register(membersPlugin);
  await app.register(alertsPlugin);
  await app.register(syncPlugin);
  await app.register(backofficePlugin);
  await app.register(discoveryPlugin);
  await app.register(sitePlugin);

  // The operators' probes, outside /api: /healthz and /readyz.
  await app.register(opsRoutes);
  await app.register(jobsRoutes, { prefix: '/api' });
  await app.register(submissionsRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  // Members have their own cookie and store (routes/members), never the admins' sessions.
  await app.register(membersRoutes, { prefix: '/api/members' });
  // Under /api, and the one-click unsubscribe at the unsubscribe page's own address.
  await app.register(alertsRoutes);
  // Sessions exist only around the routes that use them: a visitor's request never pays for a
  // session object (an id and an HMAC per request, a quarter of a cached page's cost).
  await app.register(async (withSessions) => {
    await withSessions.register(sessionPlugin);
    await withSessions.register(authRoutes, { prefix: '/api/admin' });
    await withSessions.register(adminRoutes, { prefix: '/api/admin' });
    await withSessions.register(refreshJobsRoutes, { prefix: '/api' });
  });
  // Last: the front end answers every GET no API route took.
  await app.register(discoveryRoutes);
  await app.register(siteRoutes);

  return app;
}

/**
 * A hop count becomes "trust the n nearest proxies"; a list of addresses / CIDR ranges is handed
 * to Fastify (proxy-addr) as it is. Never `true`: the configuration refuses it (config.ts).
 */
function trustedProxies(setting: TrustProxy) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * A request must arrive whole within the request timeout (408 otherwise: slow-loris clients cannot
 * hold connections), and a connection silent both ways for twice as long is closed. Node checks
 * pending requests every `connectionsCheckingInterval` (30 s by default): checked more often here,
 * so the timeout holds to within a few seconds.
 */
function timeouts(seconds: number) {
  const requestTimeout = seconds * 1000;
  return {
    requestTimeout,
    connectionTimeout: 2 * requestTimeout,
    http: { connectionsCheckingInterval: Math.min(5_000, Math.max(250, requestTimeout / 4)) },
  };
}
