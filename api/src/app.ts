import path from 'node:path';
import autoload from '@fastify/autoload';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from './platform/config';
import type { LinkCheckTestOptions } from './link-checks';
import type { LogoFetchOptions } from './logos/logo-fetch';
import { jsonSerializerCompiler, structValidatorCompiler } from './platform/http/endpoint-route';
import { FastReads } from './platform/http/fast-reads';
import { REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL, requestIdOf } from './platform/http/request-id';
import { logLineRedactor, requestSerializer } from './platform/http/request-log';
import { SecretLinks } from './platform/http/secret-links';
import { adminArea } from './admins/admin-area';
import { integratorArea } from './api-keys/integrator-area';
import { employerArea } from './employers/employer-area';
import { CODE_DIR } from './platform/layout';
import { memberArea } from './members/member-area';
import { urlOfRouteFile, type RouteArea } from './platform/http/route-area';
import configPlugin from './platform/plugins/config';
import crossOriginPlugin from './platform/plugins/cross-origin';
import dbPlugin from './platform/plugins/db';
import errorsPlugin from './platform/plugins/errors';
import publicCachePlugin from './platform/plugins/public-cache';
import rateLimitPlugin from './platform/plugins/rate-limit';
import schemaPlugin from './platform/plugins/schema';
import securityHeadersPlugin from './platform/plugins/security-headers';
import underPressurePlugin from './platform/plugins/under-pressure';

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
  /**
   * How logos are downloaded, over the defaults (logos/logo-fetch.ts): tests allow their stand-in
   * on 127.0.0.1 and shorten the limits. Never read from the configuration.
   */
  logoFetch?: Partial<LogoFetchOptions>;
  /**
   * The application-link checker's test settings (link-checks/plugin.ts): tests allow their
   * stand-ins on 127.0.0.1 and give it their clock. Never read from the configuration.
   */
  linkChecks?: LinkCheckTestOptions;
}

/** 64 KB: far above any real job posting, far below anything that could hurt the server. */
export const BODY_LIMIT = 64 * 1024;

/**
 * The whole API as a Fastify instance, ready for `inject` or `listen`. Infrastructure plugins first
 * (each names what it depends on), then one encapsulated plugin per area under /api.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastReads = new FastReads();
  // Filled by the slices' plugins as they register; the log reads it from the first request on.
  const secretLinks = new SecretLinks();
  const app = Fastify({
    // The listening server asks the public cache first for the reads it holds (platform/http/fast-reads.ts).
    serverFactory: fastReads.serverFactory,
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
            // The tokens of secret links never reach the log (platform/http/request-log.ts).
            serializers: { req: requestSerializer(secretLinks) },
            hooks: { streamWrite: logLineRedactor(secretLinks) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : false,
    // One id per request, in every log line of it and in its answer's X-Request-Id: the caller's
    // own when it is sane (a proxy's id then links both logs), a new one otherwise. Fastify's
    // requestIdHeader would take any value as it came, so genReqId reads the header itself.
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    // Behind a proxy the client's address comes from X-Forwarded-For (rate limits use it), and
    // only from a request whose socket address is one of the proxies' (proxy-addr): anyone else's
    // header is ignored and they are counted by their own address (issue 46). Never `true`, nor
    // a hop count: the configuration refuses both (platform/config-values.ts, parseTrustProxy).
    trustProxy: options.config.trustProxy,
    ...timeouts(options.config.requestTimeoutSeconds),
    // Fastify's 10 s per plugin failed a start on a loaded 2-core machine (the e2e run beside
    // four builds: 'Plugin did not start in time: autoload' while migrations and the slices'
    // first reads waited for CPU). Slowness is not a fault; a start that truly hangs is still
    // ended, by this or by whatever watches the process (/healthz, the e2e harness).
    pluginTimeout: 120_000,
  });

  // First of all hooks, so every answer carries the id: errors, 404s and refusals included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  app.decorate('secretLinks', secretLinks);
  await app.register(configPlugin, { config: options.config, now: options.now });
  app.decorate('logoFetchOptions', options.logoFetch ?? {});
  app.decorate('linkCheckOptions', options.linkChecks ?? {});
  await app.register(errorsPlugin);
  // Before any other work on a request: under overload it is turned away first (503 + Retry-After).
  await app.register(underPressurePlugin);
  // Routes declare their input and answer with the contract's structs (platform/http/endpoint-route.ts).
  app.setValidatorCompiler(structValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // Brotli or gzip for every answer over 1 KB that is not compressed already: the admins' and
  // other uncached API JSON (built assets come precompressed; cached public reads and site pages
  // are compressed once per answer by platform/plugins/public-cache.ts and opt out).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityHeadersPlugin);
  app.decorate('fastReads', fastReads);
  fastReads.use({ log: app.log, securityHeaders: app.jsonSecurityHeaders });
  app.addHook('preClose', (done) => {
    fastReads.close();
    done();
  });
  await app.register(dbPlugin, { db: options.db });
  await app.register(schemaPlugin);
  await app.register(rateLimitPlugin);
  await app.register(publicCachePlugin);
  // Before the routes: it marks the public reads other sites' pages may read (CORS, issue 46).
  await app.register(crossOriginPlugin);
  // Each domain's plugin (<domain>/plugin.ts), each after those it names as its dependencies.
  await app.register(autoload, {
    dir: CODE_DIR,
    matchFilter: DOMAIN_PLUGIN,
    // A slice's index.ts is its face for other slices, not a plugin: autoload would otherwise
    // take it as the folder's one plugin and pass over plugin.ts.
    indexPattern: /(?!)/,
    maxDepth: 2,
    encapsulate: false,
  });
  app.decorate('routeAreas', AREAS);
  await registerRoutes(app);

  return app;
}

/**
 * A slice's plugin: `plugin.ts` in its folder (or in a folder of it: submissions/review/), and the
 * platform's parts that have one (platform/ops/).
 */
const DOMAIN_PLUGIN = /^\/[^/]+\/(?:[^/]+\/)?plugin\.(?:ts|js)$/;

/**
 * The folders whose `routes/` autoload walks: each slice (`jobs/`) and each part of the platform
 * (`platform/ops/`). Anything else below them is ignored.
 */
const OUTSIDE_ROUTES = /^(?:platform\/[^/]+|(?!platform\/)[^/]+)\/(?!routes(?:\/|$))/;

/**
 * The areas of the URL space with what their routes share and their one guard (platform/http/route-area.ts):
 * the admins' (their session), the members' (their cookie) and the employers' (their session, in
 * the admins' store under a cookie of their own) and the integrators' (an API key, issue 46). Every
 * other route is public.
 */
const AREAS: RouteArea[] = [adminArea, memberArea, employerArea, integratorArea];

/**
 * Every domain's routes, loaded by @fastify/autoload from its `routes/` folder, where each file is
 * named by the URL it serves (`jobs/routes/api/admin/jobs.ts`: /api/admin/jobs and below) and is an
 * encapsulated plugin of its own. The files of each area go into that area's scope, the rest into
 * the app's; a route whose URL is in an area but is registered outside its scope (or the other way)
 * stops the start.
 */
async function registerRoutes(app: FastifyInstance): Promise<void> {
  const areaOf = (url: string) => AREAS.find((area) => area.covers(url));
  // One autoload per scope over every slice: it walks only each slice's routes/ folder (the rest
  // is ignored), and only the folders below `routes/` are part of the URL prefix.
  const load = (scope: FastifyInstance, area: RouteArea | undefined) =>
    scope.register(autoload, {
      dir: CODE_DIR,
      ignorePattern: OUTSIDE_ROUTES,
      // Named by URL: `index` is no special name here.
      indexPattern: /(?!)/,
      dirNameRoutePrefix: (dir: string, name: string) =>
        path.relative(CODE_DIR, dir).split(path.sep).includes('routes') ? name : '',
      matchFilter: (file: string) => {
        const url = routeFileUrl(file);
        return url !== undefined && areaOf(url) === area;
      },
    });
  app.addHook('onRoute', function (route) {
    const area = areaOf(route.url);
    const inside = AREAS.find((candidate) => this.hasDecorator(areaMarker(candidate)));
    if (area !== inside) {
      throw new Error(
        `${route.method} ${route.url} is registered ${inside ? `in the ${inside.name} area` : 'outside every area'}, ` +
          `but its URL is ${area ? `in the ${area.name} area` : 'public'}: name its file by its URL.`,
      );
    }
  });
  await load(app, undefined);
  for (const area of AREAS) {
    await app.register(async (scope) => {
      scope.decorate(areaMarker(area), true);
      await area.setup(scope);
      await load(scope, area);
    });
  }
}

/** The URL a slice's route file serves (`/jobs/routes/api/admin/jobs.ts`: /api/admin/jobs). */
function routeFileUrl(file: string): string | undefined {
  const inRoutes = /^\/(?:platform\/)?[^/]+\/routes(\/.+)$/.exec(file)?.[1];
  return inRoutes === undefined ? undefined : urlOfRouteFile(inRoutes);
}

const areaMarker = (area: RouteArea) => `routeArea:${area.name}`;

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
