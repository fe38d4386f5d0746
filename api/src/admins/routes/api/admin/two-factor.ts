import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** GET /api/admin/two-factor: the signed-in admin's two-factor state, never the secret. */
const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.twoFactor, {}, async (request) => {
    const state = await app.admins.twoFactorOf(request.admin!.id);
    return {
      enabled: state.secret !== null,
      required: app.config.admin2fa === 'required',
      recoveryCodesLeft: state.recoveryCodesLeft,
    };
  });
};

export default twoFactorRoutes;
