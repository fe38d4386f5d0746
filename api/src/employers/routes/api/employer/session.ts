import { EMPLOYER_MESSAGES } from '@jobboard/contract/employer';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import {
  EMPLOYER_SESSION_COOKIE,
  EMPLOYER_SESSION_COOKIE_PATH,
} from '../../../../platform/plugins/session';

/**
 * /api/employer/session: sign in with a link's token (a POST from the sign-in page: a mail
 * scanner that opens the link's GET takes nothing), who is signed in, and signing out.
 */
const sessionRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerSignIn, {}, async (request) => {
    const now = app.now();
    const email = await app.employers.signIn(request.body.token, now);
    // A new session id for the signed-in employer (no fixation of one set before).
    await request.session.regenerate();
    request.session.set('employer', {
      email,
      signedInAt: now.getTime(),
      lastSeenAt: now.getTime(),
    });
    return { email };
  });
  route(app, ENDPOINTS.employerSession, {}, async (request) => ({
    email: request.employer!.email,
  }));
  route(app, ENDPOINTS.employerSignOut, {}, async (request, reply) => {
    await request.session.destroy();
    reply.clearCookie(EMPLOYER_SESSION_COOKIE, { path: EMPLOYER_SESSION_COOKIE_PATH });
    return { message: EMPLOYER_MESSAGES.signedOut };
  });
};

export default sessionRoutes;
