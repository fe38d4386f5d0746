import fastifyCookie from '@fastify/cookie';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { csrfGuard } from '../platform/http/csrf';
import { prepend, type RouteArea } from '../platform/http/route-area';
import { MEMBER_COOKIE, requireMember } from './member-guard';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';

/** The one route of the area without a member: signing in (with Ghost's identity token). */
const SIGN_IN = `${ENDPOINTS.memberSignIn.method} ${ENDPOINTS.memberSignIn.path}`;

/**
 * The members' area (/api/members, the members' and their job alerts' routes): their own cookie
 * (members/member-guard.ts), never the admins' session. Every write carries the CSRF header like
 * the admins' writes, and every route but signing in needs a live member session (checked before
 * the handler, once the body is read).
 */
export const memberArea: RouteArea = {
  name: 'members',
  covers: (url) => url === '/api/members' || url.startsWith('/api/members/'),
  security: {
    name: 'memberSession',
    tag: 'Member',
    scheme: {
      type: 'apiKey',
      in: 'cookie',
      name: MEMBER_COOKIE,
      description: `A member of the publication, signed in with the identity token of its Ghost site (POST /api/members/session). Every write also sends the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}.`,
    },
    needed: (method, url) => `${method} ${url}` !== SIGN_IN,
  },
  async setup(scope) {
    await scope.register(fastifyCookie);
    const csrf = csrfGuard(scope);
    const member = requireMember(scope);
    scope.addHook('onRoute', (route) => {
      route.onRequest = prepend(route.onRequest, csrf);
      if (`${String(route.method)} ${route.url}` !== SIGN_IN) {
        route.preValidation = prepend(route.preValidation, member);
      }
    });
  },
};
