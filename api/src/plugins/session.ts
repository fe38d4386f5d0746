import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fp from 'fastify-plugin';
import { KnexSessionStore } from '../admins/session-store';

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
 */
export interface PendingAdminSession {
  id: number;
  username: string;
  passwordAt: number;
}

/**
 * What a signed-in employer's session holds (employers/, issue 30): the normalised address their
 * sign-in link was sent to. Times are epoch milliseconds of the app's clock.
 */
export interface EmployerSessionData {
  email: string;
  signedInAt: number;
  lastSeenAt: number;
}

declare module 'fastify' {
  interface Session {
    admin?: AdminSession;
    pendingAdmin?: PendingAdminSession;
    employer?: EmployerSessionData;
  }
}

export const SESSION_COOKIE = 'board.sid';
/** The cookie only goes to the API, so pages and assets never cost a session lookup. */
export const SESSION_COOKIE_PATH = '/api';

/**
 * The employers' session cookie: the same store (`sessions`), a cookie of its own that only goes
 * to /api/employer, so an admin's session and an employer's are independent (signing out of one
 * leaves the other, and neither is the other's key).
 */
export const EMPLOYER_SESSION_COOKIE = 'board.employer.sid';
export const EMPLOYER_SESSION_COOKIE_PATH = '/api/employer';

/**
 * Cookie sessions for admins and employers (@fastify/cookie + @fastify/session) stored in the database.
 * httpOnly; SameSite=Lax (Strict would drop the cookie when an admin follows a link from the
 * review e-mail; forged requests are stopped by the CSRF check); Secure when PUBLIC_URL is https
 * (behind a TLS proxy set TRUST_PROXY, or the server sees plain http and sets no cookie).
 * Visitors who never sign in get no cookie at all.
 */
function sessionPlugin(name: string, cookieName: string, cookiePath: string) {
  return fp(
    async (app) => {
      const { idleMinutes, maxHours } = app.config.session;
      const absoluteMs = maxHours * 3_600_000;
      const store = new KnexSessionStore(app.db, idleMinutes * 60_000, absoluteMs, () =>
        app.now().getTime(),
      );
      await app.register(fastifyCookie);
      await app.register(fastifySession, {
        secret: app.config.sessionSecret,
        cookieName,
        store,
        saveUninitialized: false,
        // Saved (and its cookie sent) only when it changed: a background poll, which does not
        // count as activity, leaves the stored session and its idle expiry as they were.
        rolling: false,
        cookie: {
          path: cookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.publicUrl.startsWith('https:'),
          maxAge: absoluteMs,
        },
      });

      const purge = setInterval(() => {
        app
          .schemaCurrent()
          .then((current) => (current ? store.purgeExpired() : undefined))
          .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
      }, 15 * 60_000);
      purge.unref();
      app.addHook('onClose', async () => clearInterval(purge));
    },
    { name, dependencies: ['config', 'db', 'schema'] },
  );
}

/** The admins' sessions (the admin area). */
export default sessionPlugin('session', SESSION_COOKIE, SESSION_COOKIE_PATH);

/** The employers' sessions (the employer area): the same store, their own cookie. */
export const employerSessionPlugin = sessionPlugin(
  'employer-session',
  EMPLOYER_SESSION_COOKIE,
  EMPLOYER_SESSION_COOKIE_PATH,
);
