import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { BACKGROUND_POLL_HEADER, BACKGROUND_POLL_HEADER_VALUE } from '@jobboard/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SAFE_METHODS } from '../platform/http/csrf';
import { HttpError } from '../platform/http/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in admin, set by requireAdmin. `mustEnrol`: ADMIN_2FA=required and this admin has
     * no two-factor sign-in yet, so only the routes of enrolment let them through.
     */
    admin?: { id: number; username: string; mustEnrol: boolean };
  }
}

/**
 * The admin area's one auth check: a session with an admin, not idle longer than the idle
 * timeout and not older than the absolute lifetime (both measured server-side, so a replayed
 * cookie gains nothing), whose admin still exists and has not changed password since signing in.
 * Each use pushes the idle timeout forward, except a background poll (a GET carrying
 * `X-Background-Poll: 1`): an unattended tab that refreshes its list still times out.
 * A session waiting for its second factor holds no `admin` and gets 401 like no session. When
 * ADMIN_2FA=required, an admin without two-factor sign-in passes only where `duringEnrolment` is
 * set (the enrolment routes and check-auth); everywhere else 403.
 */
export function requireAdmin(app: FastifyInstance, { duringEnrolment = false } = {}) {
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
    const mustEnrol = app.config.admin2fa === 'required' && !current.twoFactor;
    if (mustEnrol && !duringEnrolment) throw new HttpError(403, TWO_FACTOR_MESSAGES.enrolFirst);
    if (!isBackgroundPoll(request)) request.session.set('admin', { ...admin, lastSeenAt: now });
    request.admin = { id: admin.id, username: admin.username, mustEnrol };
  };
}

/** A poll the page made on its own: never activity, and only ever a read. */
function isBackgroundPoll(request: FastifyRequest): boolean {
  return (
    SAFE_METHODS.has(request.method) &&
    request.headers[BACKGROUND_POLL_HEADER] === BACKGROUND_POLL_HEADER_VALUE
  );
}
