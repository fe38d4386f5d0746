import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../../platform/http/http-error';
import { freshRecoveryCodes } from '../../../../sign-in';
import { countSignInAttempt } from '../../../../throttle';
import { totpStep } from '../../../../two-factor';

/**
 * POST /api/admin/two-factor/enable: a code of the pending secret confirms the admin's app holds
 * it; two-factor sign-in is on from now, every other session of the admin ends (one signed in
 * with the password alone does not outlive it), and the answer carries ten recovery codes, shown
 * once.
 */
const enableRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.twoFactorEnable, {}, async (request, reply) => {
    const admin = request.admin!;
    const state = await app.admins.twoFactorOf(admin.id);
    if (state.secret !== null) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
    if (state.pendingSecret === null) throw new HttpError(409, TWO_FACTOR_MESSAGES.noSetup);
    await countSignInAttempt(app, request, reply, admin.username);
    const step = totpStep(state.pendingSecret, request.body.code, app.now().getTime());
    if (step === null) throw new HttpError(400, TWO_FACTOR_MESSAGES.badCode);
    const { codes, hashes } = freshRecoveryCodes();
    if (
      !(await app.admins.enableTwoFactor(
        admin.id,
        state.pendingSecret,
        step,
        hashes,
        app.now(),
        request.session.sessionId,
      ))
    ) {
      throw new HttpError(409, TWO_FACTOR_MESSAGES.noSetup);
    }
    await app.loginThrottle.succeeded(admin.username, request.ip);
    request.log.info({ username: admin.username }, 'admin two-factor sign-in turned on');
    return { recoveryCodes: codes };
  });
};

export default enableRoutes;
