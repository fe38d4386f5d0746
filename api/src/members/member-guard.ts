import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by requireMember. */
    member?: { id: number; email: string; name: string | null };
  }
}

/**
 * The member's cookie: its own name and store (`member_sessions`), so it never opens an admin
 * route and the admins' `board.sid` never opens a member route. Sent only to /api/members.
 */
export const MEMBER_COOKIE = 'board.member';
export const MEMBER_COOKIE_PATH = '/api/members';

export function memberCookieOptions(app: FastifyInstance, maxAgeMs: number) {
  return {
    path: MEMBER_COOKIE_PATH,
    httpOnly: true,
    // Lax: the member arrives from Ghost by a top-level link; forged writes meet the CSRF check.
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** Member routes' auth check: a live member session, or 401 (and a stale cookie is cleared). */
export function requireMember(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[MEMBER_COOKIE];
    if (!token) throw new HttpError(401, MEMBER_MESSAGES.signInRequired);
    const member = await app.members.sessionMember(token, app.now());
    if (!member) {
      reply.clearCookie(MEMBER_COOKIE, { path: MEMBER_COOKIE_PATH });
      throw new HttpError(401, MEMBER_MESSAGES.sessionEnded);
    }
    request.member = member;
  };
}
