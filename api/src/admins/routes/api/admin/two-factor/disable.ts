import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../../platform/http/http-error';
import { verifyPassword } from '../../../../passwords';
import { acceptCode } from '../../../../sign-in';
import { countSignInAttempt } from '../../../../throttle';

/**
 * POST /api/admin/two-factor/disable: the admin turns two-factor sign-in off with a current code
 * or their password (a session left open is not enough); counted on the sign-in throttle, since
 * either is a guess of a secret. Refused when the board requires it (ADMIN_2FA=required).
 */
const disableRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.twoFactorDisable, {}, async (request, reply) => {
    const admin = request.admin!;
    if (app.config.admin2fa === 'required') {
      throw new HttpError(409, TWO_FACTOR_MESSAGES.requiredHere);
    }
    const { secret } = await app.admins.twoFactorOf(admin.id);
    if (secret === null) throw new HttpError(409, TWO_FACTOR_MESSAGES.notOn);
    await countSignInAttempt(app, request, reply, admin.username);
    const { code, password } = request.body;
    if (code !== undefined && code.trim() !== '') {
      if (!(await acceptCode(app, admin.id, secret, code, { recovery: false }))) {
        throw new HttpError(400, TWO_FACTOR_MESSAGES.badCode);
      }
    } else {
      const row = await app.admins.find(admin.username);
      if (!(await verifyPassword(row?.password_hash, password ?? ''))) {
        throw new HttpError(400, TWO_FACTOR_MESSAGES.badPassword);
      }
    }
    await app.loginThrottle.succeeded(admin.username, request.ip);
    await app.admins.disableTwoFactor(admin.id);
    request.log.info({ username: admin.username }, 'admin two-factor sign-in turned off');
    return { message: TWO_FACTOR_MESSAGES.statusOff };
  });
};

export default disableRoutes;
