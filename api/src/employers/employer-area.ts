import { EMPLOYER_MESSAGES } from '@jobboard/contract/employer';
import {
  BACKGROUND_POLL_HEADER,
  BACKGROUND_POLL_HEADER_VALUE,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
} from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csrfGuard, SAFE_METHODS } from '../platform/http/csrf';
import { HttpError } from '../platform/http/http-error';
import { prepend, type RouteArea } from '../platform/http/route-area';
import { EMPLOYER_SESSION_COOKIE, employerSessionPlugin } from '../platform/plugins/session';

/**
 * What a signed-in employer's session holds (issue 30): the normalised address their sign-in link
 * was sent to. Times are epoch milliseconds of the app's clock.
 */
export interface EmployerSessionData {
  email: string;
  signedInAt: number;
  lastSeenAt: number;
}

declare module 'fastify' {
  interface Session {
    employer?: EmployerSessionData;
  }
  interface FastifyRequest {
    /** The signed-in employer (their normalised address), set by requireEmployer. */
    employer?: { email: string };
  }
}

const key = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

/** The routes of the area without an employer: asking for a link, signing in, and out. */
const OPEN = new Set<string>([
  key(ENDPOINTS.employerSignInLink),
  key(ENDPOINTS.employerSignIn),
  key(ENDPOINTS.employerSignOut),
]);

/**
 * The employer area (/api/employer, issue 30): the employers' sessions, in the same store as the
 * admins' (`sessions`) under a cookie of their own (platform/plugins/session.ts), so an admin's session and
 * an employer's are independent. Every write carries the CSRF header like the admin area's, and
 * every route but asking for a link and signing in and out needs a live employer session, checked
 * as the request arrives (before any body is read).
 */
export const employerArea: RouteArea = {
  name: 'employer',
  covers: (url) => url === '/api/employer' || url.startsWith('/api/employer/'),
  security: {
    name: 'employerSession',
    tag: 'Employer',
    scheme: {
      type: 'apiKey',
      in: 'cookie',
      name: EMPLOYER_SESSION_COOKIE,
      description: `An employer's session, from the sign-in link e-mailed to their address (POST /api/employer/session). Every write also sends the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}.`,
    },
    needed: (method, url) => !OPEN.has(`${method} ${url}`),
  },
  async setup(scope) {
    await scope.register(employerSessionPlugin);
    const csrf = csrfGuard(scope);
    const employer = requireEmployer(scope);
    scope.addHook('onRoute', (route) => {
      const open = [route.method].flat().every((method) => OPEN.has(`${method} ${route.url}`));
      route.onRequest = open
        ? prepend(route.onRequest, csrf)
        : prepend(route.onRequest, csrf, employer);
    });
  },
};

/**
 * The employer area's session check: a session with an employer, not idle longer than the idle
 * timeout and not older than the absolute lifetime (the admins' settings, measured server-side).
 * Each use but a background poll pushes the idle timeout forward.
 */
export function requireEmployer(app: FastifyInstance) {
  const idleMs = app.config.session.idleMinutes * 60_000;
  const maxMs = app.config.session.maxHours * 3_600_000;
  return async (request: FastifyRequest) => {
    const employer = request.session.get('employer');
    if (!employer) throw new HttpError(401, EMPLOYER_MESSAGES.notSignedIn);
    const now = app.now().getTime();
    if (now - employer.lastSeenAt > idleMs || now - employer.signedInAt > maxMs) {
      await request.session.destroy();
      throw new HttpError(401, EMPLOYER_MESSAGES.sessionExpired);
    }
    const poll =
      SAFE_METHODS.has(request.method) &&
      request.headers[BACKGROUND_POLL_HEADER] === BACKGROUND_POLL_HEADER_VALUE;
    // Issue 47: the address's organisation gives its access. A removed member (or one who left)
    // is refused from their next request on, told by whom and when (TEAM_MESSAGES.accessEnded).
    if (!(await app.organizations.of(employer.email))) {
      throw new HttpError(403, await app.organizations.accessEnded(employer.email));
    }
    if (!poll) request.session.set('employer', { ...employer, lastSeenAt: now });
    request.employer = { email: employer.email };
  };
}
