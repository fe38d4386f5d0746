import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where the sessions are kept: the slice that owns their table registers it (the admins',
     * over `sessions`, which also purges it), so that this plugin names no slice.
     */
    sessionStore: SessionStore;
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
 * Cookie sessions for admins and employers (@fastify/cookie + @fastify/session) kept in
 * `app.sessionStore` (the database).
 * httpOnly; SameSite=Lax (Strict would drop the cookie when an admin follows a link from the
 * review e-mail; forged requests are stopped by the CSRF check); Secure when PUBLIC_URL is https
 * (behind a TLS proxy set TRUST_PROXY, or the server sees plain http and sets no cookie).
 * Visitors who never sign in get no cookie at all.
 */
function sessionPlugin(name: string, cookieName: string, cookiePath: string) {
  return fp(
    async (app) => {
      const absoluteMs = app.config.session.maxHours * 3_600_000;
      await app.register(fastifyCookie);
      await app.register(fastifySession, {
        secret: app.config.sessionSecret,
        cookieName,
        store: app.sessionStore,
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
    },
    { name, dependencies: ['config'], decorators: { fastify: ['sessionStore'] } },
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
