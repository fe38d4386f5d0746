import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { csrfGuard } from '../platform/http/csrf';
import { prepend, type RouteArea } from '../platform/http/route-area';
import sessionPlugin, { SESSION_COOKIE } from '../platform/plugins/session';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';
import { requireAdmin } from './guards';

/** What a signed-in admin's session holds. Times are epoch milliseconds of the app's clock. */
export interface AdminSession {
  id: number;
  username: string;
  loginAt: number;
  lastSeenAt: number;
}

/**
 * A sign-in whose password was right, waiting for the admin's one-time or recovery code: no
 * admin access at all (requireAdmin reads only `admin`). `passwordAt` is when the password was
 * given; the code must follow within PENDING_SIGN_IN_MS (admins/two-factor.ts).
 * `credentialsVersion` is the admin's as the password step found it: a change of password or of
 * two-factor sign-in since then ends this sign-in (issue 43, finding 6).
 */
export interface PendingAdminSession {
  id: number;
  username: string;
  passwordAt: number;
  credentialsVersion: number;
}

declare module 'fastify' {
  interface Session {
    admin?: AdminSession;
    pendingAdmin?: PendingAdminSession;
  }
}

/** The routes of the area anyone may call: signing in (password, then code), and out. */
const OPEN = new Set<string>([
  ENDPOINTS.login.path,
  ENDPOINTS.loginCode.path,
  ENDPOINTS.logout.path,
]);

/** What an admin who must set up two-factor sign-in first (ADMIN_2FA=required) may call. */
const ENROLMENT = new Set<string>([
  ENDPOINTS.checkAuth.path,
  ENDPOINTS.twoFactor.path,
  ENDPOINTS.twoFactorSetup.path,
  ENDPOINTS.twoFactorEnable.path,
]);

/** A GET that changes something (docs/product.md#calls's refresh): its CSRF check covers GET too. */
const CHANGING_READS = new Set<string>([ENDPOINTS.refreshJobs.path]);

/**
 * The admin area: sign-in and everything under /api/admin, and GET /api/refresh-jobs (docs/product.md#calls
 * puts it outside /api/admin). Sessions exist only here: a visitor's request never pays for a
 * session object (an id and an HMAC per request, a quarter of a cached page's cost). Every route
 * gets the CSRF check, and every route but signing in and out the session check, both as the
 * request arrives: a caller who is not signed in learns nothing about what the route takes (401,
 * whatever was sent), and cannot make the server parse a large body (the job form's routes take
 * up to 1 MB).
 */
export const adminArea: RouteArea = {
  name: 'admin',
  covers: (url) => url.startsWith('/api/admin/') || CHANGING_READS.has(url),
  security: {
    name: 'adminSession',
    tag: 'Admin',
    scheme: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: `An admin's session, from signing in at /admin (POST /api/admin/login). Every call but a read also sends the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE} (so does GET /api/refresh-jobs): a page of another site cannot.`,
    },
    needed: (_method, url) => !OPEN.has(url),
  },
  async setup(scope) {
    await scope.register(sessionPlugin);
    const csrf = csrfGuard(scope);
    const csrfOnReads = csrfGuard(scope, { reads: true });
    const admin = requireAdmin(scope);
    const enrollingAdmin = requireAdmin(scope, { duringEnrolment: true });
    scope.addHook('onRoute', (route) => {
      const csrfCheck = CHANGING_READS.has(route.url) ? csrfOnReads : csrf;
      const adminCheck = ENROLMENT.has(route.url) ? enrollingAdmin : admin;
      route.onRequest = OPEN.has(route.url)
        ? prepend(route.onRequest, csrfCheck)
        : prepend(route.onRequest, csrfCheck, adminCheck);
    });
  },
};
