import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What another site's page may read of a cross-origin answer besides its body: the list's total
 * and next page, and the validator it can send back.
 */
const EXPOSED = 'X-Total-Count, Link, ETag';
/** What a preflight allows to be sent: a JSON body, and a validator for a 304. */
const ALLOWED_HEADERS = 'Content-Type, If-None-Match';
/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/** A cross-origin URL: the methods it serves, and the URL as a pattern of concrete paths. */
interface CrossOriginRoute {
  methods: Set<string>;
  path: RegExp;
}

/**
 * CORS for the public reads (issue 46): the routes whose endpoints the contract marks
 * `crossOrigin` (the job list, a job, search, the filter choices, the OpenAPI document) and the
 * JSON feed, read by the pages of the origins in CORS_ORIGINS (or any, `*`), never with
 * credentials. Every other route, the admins', the employers', the members' and the integrators'
 * among them, answers no CORS header at all, and a preflight for it is a 404 as before.
 *
 * Our own, not @fastify/cors: that plugin decides a preflight (its one `OPTIONS *` route) either
 * for every path alike, or through a per-request delegator that then runs for, and adds
 * `Vary: Origin` to, every answer of the API. Which routes take other origins is known here when
 * each is registered (its endpoint's mark), so only they pay for it, and nothing is added when
 * CORS_ORIGINS is empty.
 *
 * A request of the fast path (platform/http/fast-reads.ts) gets the same headers there.
 */
export default fp(
  async (app) => {
    const origins = app.config.corsOrigins;
    const anyOrigin = origins.includes('*');
    /** By URL (`/api/jobs/:id`): its GET and HEAD twins are one entry. */
    const routes = new Map<string, CrossOriginRoute>();

    /** The headers an answer to `origin` carries: none for an origin not allowed. */
    const headersFor = (origin: string | undefined): Record<string, string> | undefined => {
      if (origin === undefined || origins.length === 0) return undefined;
      if (anyOrigin)
        return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED };
      if (!origins.includes(origin)) return undefined;
      return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED };
    };

    const allowOrigin: onRequestHookHandler = (request, reply, done) => {
      // A list of origins answers each its own: shared caches must keep one answer per origin.
      if (!anyOrigin) reply.header('Vary', 'Origin');
      const headers = headersFor(request.headers.origin);
      if (headers) reply.headers(headers);
      done();
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.crossOrigin) return;
      const entry = routes.get(route.url) ?? { methods: new Set(), path: patternOf(route.url) };
      for (const method of [route.method].flat()) entry.methods.add(method);
      routes.set(route.url, entry);
      if (origins.length > 0) route.onRequest = [allowOrigin, ...[route.onRequest ?? []].flat()];
    });

    app.fastReads.allowOrigins(headersFor, origins.length > 0 && !anyOrigin);

    // A preflight: answered for a cross-origin route only (404 otherwise, as any other OPTIONS).
    app.options('/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!;
      const wanted = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
      const route = [...routes.values()].find(
        (each) => each.path.test(path) && each.methods.has(wanted),
      );
      if (!route || origins.length === 0) return reply.callNotFound();
      if (!anyOrigin) reply.header('Vary', 'Origin');
      const headers = headersFor(request.headers.origin);
      if (headers) {
        reply.headers({
          'Access-Control-Allow-Origin': headers['Access-Control-Allow-Origin']!,
          'Access-Control-Allow-Methods': [...route.methods].join(', '),
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE),
        });
      }
      return reply.status(204).send();
    });
  },
  { name: 'cross-origin', dependencies: ['config', 'public-cache'] },
);

/** A route's URL (`/api/jobs/:id`) as a pattern of the paths it serves. */
function patternOf(url: string): RegExp {
  const parts = url.split(/(:\w+|\*)/).map((part) => {
    if (part === '*') return '.*';
    if (part.startsWith(':')) return '[^/]+';
    return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}/?$`);
}
