import {
  BACKGROUND_POLL_HEADER,
  BACKGROUND_POLL_HEADER_VALUE,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
} from '@jobboard/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by requireAdmin. */
    admin?: { id: number; username: string };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated mutations: the custom header apiFetch always sends (a
 * cross-site page cannot send it without a CORS preflight, which we never grant), and an Origin,
 * when the browser sends one, that is ours. `{ reads: true }` checks GET requests too, for a GET
 * that changes something (GET /api/refresh-jobs, a GET in SPEC.md 7): a cross-site link or image
 * then cannot start it with the admin's cookie.
 */
export function csrfGuard(app: FastifyInstance, options: { reads?: boolean } = {}) {
  const allowed = new Set([new URL(app.config.publicUrl).origin]);
  const unchecked = options.reads ? new Set(['OPTIONS']) : SAFE_METHODS;
  return async (request: FastifyRequest) => {
    if (unchecked.has(request.method)) return;
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
      throw new HttpError(403, 'This request was refused: it did not come from the site.');
    }
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin) && origin !== `${request.protocol}://${request.host}`) {
      throw new HttpError(403, 'This request was refused: it came from another site.');
    }
  };
}

/**
 * The admin area's one auth check: a session with an admin, not idle longer than the idle
 * timeout and not older than the absolute lifetime (both measured server-side, so a replayed
 * cookie gains nothing), whose admin still exists and has not changed password since signing in.
 * Each use pushes the idle timeout forward, except a background poll (a GET carrying
 * `X-Background-Poll: 1`): an unattended tab that refreshes its list still times out.
 */
export function requireAdmin(app: FastifyInstance) {
  const idleMs = app.config.session.idleMinutes * 60_000;
  const maxMs = app.config.session.maxHours * 3_600_000;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const admin = request.session.get('admin');
    if (!admin) throw new HttpError(401, 'Please log in to continue.');
    const now = app.now().getTime();
    if (now - admin.lastSeenAt > idleMs || now - admin.loginAt > maxMs) {
      await request.session.destroy();
      throw new HttpError(401, 'Your session has expired. Please log in again.');
    }
    const current = await app.admins.forSession(admin.id);
    const passwordChanged =
      current?.password_changed_at != null && admin.loginAt < current.password_changed_at;
    if (!current || passwordChanged) {
      await request.session.destroy();
      throw new HttpError(401, 'Your session has ended. Please log in again.');
    }
    if (!isBackgroundPoll(request)) request.session.set('admin', { ...admin, lastSeenAt: now });
    request.admin = { id: admin.id, username: admin.username };
  };
}

/** A poll the page made on its own: never activity, and only ever a read. */
function isBackgroundPoll(request: FastifyRequest): boolean {
  return (
    SAFE_METHODS.has(request.method) &&
    request.headers[BACKGROUND_POLL_HEADER] === BACKGROUND_POLL_HEADER_VALUE
  );
}
