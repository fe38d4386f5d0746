import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../../platform/http/http-error';
import { enrolmentOf, newTotpSecret } from '../../../../two-factor';

/**
 * POST /api/admin/two-factor/setup: a new secret for the signed-in admin, kept as pending until a
 * code from it confirms it (enable.ts). Shown now and never again: once enrolled, no route
 * answers it. Starting again replaces a pending secret that was never confirmed.
 */
const setupRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.twoFactorSetup, {}, async (request) => {
    const admin = request.admin!;
    const secret = newTotpSecret();
    if (!(await app.admins.startEnrolment(admin.id, secret))) {
      throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyOn);
    }
    return enrolmentOf(secret, app.config.site.boardName, admin.username);
  });
};

export default setupRoutes;
