import fastifyCookie from '@fastify/cookie';
import { ENDPOINTS, MEMBER_MESSAGES } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { csrfGuard } from '../../admins/guards';
import { route } from '../../http/endpoint-route';
import memberAlertsRoutes from './alerts';
import { MEMBER_SESSION_MS } from '../../members/members-service';
import {
  MEMBER_COOKIE,
  MEMBER_COOKIE_PATH,
  memberCookieOptions,
  requireMember,
} from './member-guard';

/**
 * Members signed in through Ghost (docs/architecture.md, Members): the session from Ghost's
 * identity token, who is signed in, their bookmarks, sign-out. Mounted at /api/members; every write
 * carries the CSRF header like the admins' writes.
 */
const membersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyCookie);
  app.addHook('onRequest', csrfGuard(app));
  const member = { preValidation: requireMember(app) };

  route(
    app,
    ENDPOINTS.memberSignIn,
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
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

  route(app, ENDPOINTS.memberSignOut, member, async (request, reply) => {
    await app.members.endSession(request.cookies[MEMBER_COOKIE]!);
    reply.clearCookie(MEMBER_COOKIE, { path: MEMBER_COOKIE_PATH });
    return { message: MEMBER_MESSAGES.signedOut };
  });

  route(app, ENDPOINTS.memberMe, member, async (request) => ({
    email: request.member!.email,
    name: request.member!.name,
  }));

  route(app, ENDPOINTS.memberBookmarks, member, async (request) =>
    app.members.listBookmarks(request.member!.id),
  );

  route(app, ENDPOINTS.addMemberBookmark, member, async (request) => {
    await app.members.addBookmark(request.member!.id, request.params.id, app.now());
    return { message: MEMBER_MESSAGES.bookmarkSaved };
  });

  route(app, ENDPOINTS.removeMemberBookmark, member, async (request) => {
    await app.members.removeBookmark(request.member!.id, request.params.id);
    return { message: MEMBER_MESSAGES.bookmarkRemoved };
  });

  // The member's job alerts: a domain of its own (alerts/), behind the same session and CSRF check.
  await app.register(memberAlertsRoutes);
};

export default membersRoutes;
