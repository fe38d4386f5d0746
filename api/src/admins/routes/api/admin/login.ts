import { ADMIN_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../http/endpoint-route';
import { HttpError } from '../../../../http/http-error';
import { normaliseUsername } from '../../../admins-repository';
import { verifyPassword } from '../../../passwords';

const WINDOW_MS = 15 * 60_000;

/** '45 seconds', '2 minutes': how long to wait, for the message. */
function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * POST /api/admin/login (docs/product.md#calls): an admin signs in, and gets a new session. In the admin area
 * (admin-area.ts): its CSRF check, not its session check.
 */
const loginRoutes: FastifyPluginAsync = async (app) => {
  const throttle = app.loginThrottle;

  route(
    app,
    ENDPOINTS.login,
    // Per address, whatever the username: caps how many accounts one address can try.
    { config: { rateLimit: { max: app.config.loginRateLimitMax, timeWindow: WINDOW_MS } } },
    async (request, reply) => {
      const username = normaliseUsername(request.body.username);
      const now = app.now().getTime();
      // Counted now, before the password is checked: parallel guesses are all counted.
      const decision = await throttle.attempt(username, request.ip, now);
      if (!decision.allowed) {
        request.log.warn({ username, ip: request.ip }, 'admin login refused: too many failures');
        reply.header('Retry-After', String(Math.ceil(decision.retryAfterMs / 1000)));
        throw new HttpError(
          429,
          `Too many failed attempts for this account from your address. Please wait ${waitText(decision.retryAfterMs)} and try again.`,
        );
      }
      const admin = await app.admins.find(username);
      if (!(await verifyPassword(admin?.password_hash, request.body.password)) || !admin) {
        request.log.warn({ username, ip: request.ip }, 'admin login failed');
        throw new HttpError(401, ADMIN_MESSAGES.badLogin);
      }
      await throttle.succeeded(username, request.ip);
      // A new session id at sign-in: an id planted before login is worth nothing after it.
      await request.session.regenerate();
      request.session.set('admin', {
        id: admin.id,
        username: admin.username,
        loginAt: now,
        lastSeenAt: now,
      });
      await app.admins.recordLogin(admin.id, app.now());
      request.log.info({ username, ip: request.ip }, 'admin logged in');
      return { username: admin.username };
    },
  );
};

export default loginRoutes;
