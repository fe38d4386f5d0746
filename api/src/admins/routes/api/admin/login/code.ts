import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../../platform/http/http-error';
import { acceptCode, startAdminSession } from '../../../../sign-in';
import { countCodeGuess, countSignInAttempt, warnOfCodeGuessing } from '../../../../throttle';
import { looksLikeRecoveryCode, PENDING_SIGN_IN_MS } from '../../../../two-factor';

/**
 * POST /api/admin/login/code: the second step of an admin's sign-in. The session the password
 * step left waiting (`pendingAdmin`) becomes an admin's when a one-time code (each accepted once)
 * or an unused recovery code comes within PENDING_SIGN_IN_MS, and the admin's password and
 * two-factor sign-in are as the password step found them. Every code counts on the sign-in
 * throttle's (username, address) pair with the password before it; the pair clears on success.
 * A one-time code counts on the admin's account too, from whatever address (CodeGuessLimit):
 * past the free ones the account's one-time codes are paused, longer after each wrong one, and
 * the board's admin address is told once; recovery codes are never paused.
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
      const { secret, credentialsVersion } = await app.admins.twoFactorOf(pending.id);
      // Turned off meanwhile (by an operator): the password step decides again.
      if (secret === null) throw new HttpError(401, TWO_FACTOR_MESSAGES.noPendingSignIn);
      if (credentialsVersion !== pending.credentialsVersion) {
        // The password (or two-factor sign-in) changed since this sign-in's password step: whoever
        // gave the old password does not finish with a code (issue 43, finding 6).
        request.session.set('pendingAdmin', undefined);
        request.log.warn(
          { username: pending.username, ip: request.ip },
          'admin code refused: credentials changed since the password step',
        );
        throw new HttpError(401, TWO_FACTOR_MESSAGES.credentialsChanged);
      }
      const { code } = request.body;
      const account = { ...pending, credentialsVersion };
      // A recovery code (80 bits) is not worth guessing: only the one-time codes are paused.
      const guess = looksLikeRecoveryCode(code)
        ? null
        : await countCodeGuess(app, request, reply, account);
      if (!(await acceptCode(app, pending.id, secret, code, { recovery: true }))) {
        request.log.warn({ username: pending.username, ip: request.ip }, 'admin code refused');
        if (guess?.startsBackOff) await warnOfCodeGuessing(app, request, account);
        throw new HttpError(401, TWO_FACTOR_MESSAGES.badCode);
      }
      await app.loginThrottle.succeeded(pending.username, request.ip);
      await app.codeGuessLimit.succeeded(account);
      // A new id again: the session now grants admin access.
      await request.session.regenerate();
      await startAdminSession(app, request, pending, now);
      return { username: pending.username };
    },
  );
};

export default loginCodeRoutes;
