import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/** Methods that change nothing (a GET that does says so: `{ reads: true }`). */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated mutations: the custom header apiFetch always sends (a
 * cross-site page cannot send it without a CORS preflight, which we never grant), and an Origin,
 * when the browser sends one, that is ours. `{ reads: true }` checks GET requests too, for a GET
 * that changes something (GET /api/refresh-jobs, a GET in docs/product.md#calls): a cross-site link or image
 * then cannot start it with the admin's cookie.
 */
export function csrfGuard(app: FastifyInstance, options: { reads?: boolean } = {}) {
  const sameSite = sameSiteOrigin(app);
  const unchecked = options.reads ? new Set(['OPTIONS']) : SAFE_METHODS;
  return async (request: FastifyRequest) => {
    if (unchecked.has(request.method)) return;
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
      throw new HttpError(403, 'This request was refused: it did not come from the site.');
    }
    if (!sameSite(request)) throw new HttpError(403, CROSS_SITE);
  };
}

/** What a write from another site's page is told. */
export const CROSS_SITE = 'This request was refused: it came from another site.';

/**
 * Whether a request's Origin, when the browser sends one, is ours: the public address, or the
 * address it was sent to. A form that posts without JavaScript (and so without the CSRF header)
 * is held to this alone: a browser always sends the Origin of a cross-site form's POST.
 */
export function sameSiteOrigin(app: FastifyInstance) {
  const allowed = new Set([new URL(app.config.publicUrl).origin]);
  return (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    return !origin || allowed.has(origin) || origin === `${request.protocol}://${request.host}`;
  };
}
