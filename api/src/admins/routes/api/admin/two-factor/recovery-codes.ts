import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../../platform/http/http-error';
import { acceptCode, freshRecoveryCodes } from '../../../../sign-in';
import { countSignInAttempt } from '../../../../throttle';

/**
 * POST /api/admin/two-factor/recovery-codes: ten new recovery codes for a current one-time code
 * (counted on the sign-in throttle); the old ones, used or not, stop working.
 */
const recoveryCodesRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.twoFactorRecoveryCodes, {}, async (request, reply) => {
    const admin = request.admin!;
    const { secret } = await app.admins.twoFactorOf(admin.id);
    if (secret === null) throw new HttpError(409, TWO_FACTOR_MESSAGES.notOn);
    await countSignInAttempt(app, request, reply, admin.username);
    if (!(await acceptCode(app, admin.id, secret, request.body.code, { recovery: false }))) {
      throw new HttpError(400, TWO_FACTOR_MESSAGES.badCode);
    }
    await app.loginThrottle.succeeded(admin.username, request.ip);
    const { codes, hashes } = freshRecoveryCodes();
    await app.admins.replaceRecoveryCodes(admin.id, hashes, app.now());
    request.log.info({ username: admin.username }, 'admin recovery codes replaced');
    return { recoveryCodes: codes };
  });
};

export default recoveryCodesRoutes;
