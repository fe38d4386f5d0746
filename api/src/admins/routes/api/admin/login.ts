import { ADMIN_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../platform/http/http-error';
import { normaliseUsername } from '../../../admins-repository';
import { verifyPassword } from '../../../passwords';
import { startAdminSession } from '../../../sign-in';
import { countSignInAttempt } from '../../../throttle';

/**
 * POST /api/admin/login (docs/product.md#calls): an admin signs in, and gets a new session. In the admin area
 * (admin-area.ts): its CSRF check, not its session check. An admin with two-factor sign-in gets a
 * session waiting for the code (login/code.ts), with no admin access yet.
 */
const loginRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.login,
    // Per address, whatever the username: caps how many accounts one address can try.
    { config: { rateLimit: app.config.rateLimits.login } },
    async (request, reply) => {
      const username = normaliseUsername(request.body.username);
      const now = app.now().getTime();
      // Counted now, before the password is checked: parallel guesses are all counted.
      await countSignInAttempt(app, request, reply, username);
      const admin = await app.admins.find(username);
      if (!(await verifyPassword(admin?.password_hash, request.body.password)) || !admin) {
        request.log.warn({ username, ip: request.ip }, 'admin login failed');
        throw new HttpError(401, ADMIN_MESSAGES.badLogin);
      }
      // A new session id at sign-in: an id planted before login is worth nothing after it.
      await request.session.regenerate();
      if (admin.totp_secret != null) {
        // The throttle is not cleared: the code guesses that follow count with this password's.
        request.session.set('pendingAdmin', {
          id: admin.id,
          username: admin.username,
          passwordAt: now,
          credentialsVersion: Number(admin.credentials_version),
        });
        request.log.info({ username, ip: request.ip }, 'admin password accepted, code next');
        return { username: admin.username, next: 'code' as const };
      }
      await app.loginThrottle.succeeded(username, request.ip);
      await startAdminSession(app, request, admin, now);
      return app.config.admin2fa === 'required'
        ? { username: admin.username, next: 'enrol' as const }
        : { username: admin.username };
    },
  );
};

export default loginRoutes;
