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
  // Before the body is even read: a caller who is not signed in learns nothing about what the
  // route takes (401, whatever was sent), and cannot make the server parse a large body (the job
  // form's routes take up to 1 MB).
  app.addHook('onRequest', requireAdmin(app));
  await app.register(adminJobsRoutes, { prefix: '/jobs' });
  await app.register(adminSubmissionsRoutes, { prefix: '/submissions' });
  await app.register(adminPromoCodesRoutes, { prefix: '/promo-codes' });
  await app.register(adminAtScaleRoutes);
  await app.register(adminSyncRoutes, { prefix: '/sync' });
};

export default adminRoutes;
