import type { FastifyPluginAsync } from 'fastify';
import { csrfGuard, requireAdmin } from '../../admins/guards';
import adminAtScaleRoutes from './at-scale';
import adminJobsRoutes from './jobs';
import adminPromoCodesRoutes from './promo-codes';
import adminSubmissionsRoutes from './submissions';
import adminSyncRoutes from './sync';

/**
 * Everything under /api/admin except sign-in: one CSRF check and one session check for the whole
 * area, so a route added here cannot forget them.
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', csrfGuard(app));
  // Before the route's structs check the request: a caller who is not signed in learns nothing
  // about what the route takes (401, whatever was sent).
  app.addHook('preValidation', requireAdmin(app));
  await app.register(adminJobsRoutes, { prefix: '/jobs' });
  await app.register(adminSubmissionsRoutes, { prefix: '/submissions' });
  await app.register(adminPromoCodesRoutes, { prefix: '/promo-codes' });
  await app.register(adminAtScaleRoutes);
  await app.register(adminSyncRoutes, { prefix: '/sync' });
};

export default adminRoutes;
