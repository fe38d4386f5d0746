import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../../platform/http/http-error';
import { acceptCode, startAdminSession } from '../../../../sign-in';
import { countSignInAttempt } from '../../../../throttle';
import { PENDING_SIGN_IN_MS } from '../../../../two-factor';

/**
 * POST /api/admin/login/code: the second step of an admin's sign-in. The session the password
 * step left waiting (`pendingAdmin`) becomes an admin's when a one-time code (each accepted once)
 * or an unused recovery code comes within PENDING_SIGN_IN_MS. Every code counts on the sign-in
 * throttle's (username, address) pair with the password before it; the pair clears on success.
 */
const loginCodeRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.loginCode,
    { config: { rateLimit: app.config.rateLimits.loginCode } },
    async (request, reply) => {
      const pending = request.session.get('pendingAdmin');
      const now = app.now().getTime();
      if (!pending || now - pending.passwordAt > PENDING_SIGN_IN_MS) {
        throw new HttpError(401, TWO_FACTOR_MESSAGES.noPendingSignIn);
      }
      await countSignInAttempt(app, request, reply, pending.username);
      const { secret } = await app.admins.twoFactorOf(pending.id);
      // Turned off meanwhile (by an operator): the password step decides again.
      if (secret === null) throw new HttpError(401, TWO_FACTOR_MESSAGES.noPendingSignIn);
      if (!(await acceptCode(app, pending.id, secret, request.body.code, { recovery: true }))) {
        request.log.warn({ username: pending.username, ip: request.ip }, 'admin code refused');
        throw new HttpError(401, TWO_FACTOR_MESSAGES.badCode);
      }
      await app.loginThrottle.succeeded(pending.username, request.ip);
      // A new id again: the session now grants admin access.
      await request.session.regenerate();
      await startAdminSession(app, request, pending, now);
      return { username: pending.username };
    },
  );
};

export default loginCodeRoutes;
