import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { csrfGuard, requireAdmin } from '../../admins/guards';
import { route } from '../../http/endpoint-route';

/**
 * GET /api/refresh-jobs (SPEC.md 7): re-sync jobs from the external database service. Admin
 * only, with the same checks as the admin area, and the CSRF header even though it is a GET: it
 * changes data, so a link on another site must not be able to start it. No external source is
 * wired up yet, and the answer says so rather than pretending a sync happened.
 */
const refreshJobsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', csrfGuard(app, { reads: true }));
  app.addHook('preValidation', requireAdmin(app));
  route(app, ENDPOINTS.refreshJobs, {}, async () => ({
    source: null,
    created: 0,
    updated: 0,
    deactivated: 0,
    message: 'No external job source is configured, so there was nothing to refresh.',
  }));
};

export default refreshJobsRoutes;
