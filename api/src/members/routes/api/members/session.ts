import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { MEMBER_COOKIE, MEMBER_COOKIE_PATH, memberCookieOptions } from '../../../member-guard';
import { MEMBER_SESSION_MS } from '../../../members-service';

/**
 * /api/members/session (docs/architecture.md, Members): sign in with Ghost's identity token (the
 * session, and the browser's bookmarks merged into the member's), and sign out.
 */
const memberSessionRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.memberSignIn,
    { config: { rateLimit: app.config.rateLimits.memberSignIn } },
    async (request, reply) => {
      const result = await app.members.signIn(
        request.body.token,
        request.body.bookmarks ?? [],
        app.now(),
      );
      reply.setCookie(
        MEMBER_COOKIE,
        result.sessionToken,
        memberCookieOptions(app, MEMBER_SESSION_MS),
      );
      request.log.info('member signed in');
      return { member: result.member, bookmarks: result.bookmarks };
    },
  );

  route(app, ENDPOINTS.memberSignOut, {}, async (request, reply) => {
    await app.members.endSession(request.cookies[MEMBER_COOKIE]!);
    reply.clearCookie(MEMBER_COOKIE, { path: MEMBER_COOKIE_PATH });
    return { message: MEMBER_MESSAGES.signedOut };
  });
};

export default memberSessionRoutes;
