import { API_KEY_MESSAGES, type ApiKeyScope } from '@jobboard/contract/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Unauthorized } from '../platform/domain-errors';
import { HttpError } from '../platform/http/http-error';
import { prepend, type RouteArea } from '../platform/http/route-area';
import type { AuthenticatedKey } from './api-keys-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key an integrator's call was authenticated with (integrator-area.ts). */
    apiKey?: AuthenticatedKey;
  }
}

/** `Authorization: Bearer <key>`; the key is any run of characters without a space. */
const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The integrators' area (/api/v1, issue 46): every route needs an API key, sent as
 * `Authorization: Bearer <key>`, with the scope its endpoint names (`apiKeyScope`, put on the
 * route's config by route()), checked as the request arrives, before the body is read. No cookie
 * is read here, so no session and no CSRF check: a browser's ambient credentials cannot make
 * these calls. The route's rate limit then counts per key (`rateLimitKey`), not per address.
 */
export const integratorArea: RouteArea = {
  name: 'integrators',
  covers: (url) => url === '/api/v1' || url.startsWith('/api/v1/'),
  security: {
    name: 'apiKey',
    tag: 'Integrators',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      description:
        'An API key an admin of the board made at /admin/api-keys (jb_live_...), sent as `Authorization: Bearer <key>`. Each operation names the scope the key needs.',
    },
    needed: () => true,
  },
  async setup(scope) {
    scope.addHook('onRoute', (route) => {
      const needed = route.config?.apiKeyScope;
      if (!needed) {
        throw new Error(
          `${route.url} is an integrator's route: its endpoint must name an apiKeyScope`,
        );
      }
      route.onRequest = prepend(route.onRequest, requireApiKey(scope, needed));
    });
  },
};

/** The area's guard for a route that needs `needed`: 401 without a working key, 403 without the scope. */
function requireApiKey(app: FastifyInstance, needed: ApiKeyScope) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!key) throw new Unauthorized(API_KEY_MESSAGES.missing);
      request.apiKey = await app.apiKeys.authenticate(key, app.now());
    } catch (error) {
      // RFC 6750: a 401 names the scheme the client should use.
      if (error instanceof Unauthorized) reply.header('WWW-Authenticate', 'Bearer');
      throw error;
    }
    if (!request.apiKey.scopes.includes(needed)) {
      throw new HttpError(403, API_KEY_MESSAGES.scope(needed));
    }
    request.rateLimitKey = `api-key:${request.apiKey.id}`;
  };
}
