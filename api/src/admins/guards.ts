import { BACKGROUND_POLL_HEADER, BACKGROUND_POLL_HEADER_VALUE } from '@jobboard/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SAFE_METHODS } from '../http/csrf';
import { HttpError } from '../http/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by requireAdmin. */
    admin?: { id: number; username: string };
  }
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
