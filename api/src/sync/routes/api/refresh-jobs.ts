import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/**
 * GET /api/refresh-jobs (docs/product.md#calls): re-sync jobs from the external database service (sync/).
 * Admin only: in the admin area (admins/admin-area.ts), with its session check and the CSRF header
 * even though it is a GET, as it changes data: a link on another site must not be able to start
 * it. 409 while another sync runs, 502 when the source cannot be read (nothing changed); with no
 * source configured the answer says so rather than pretending a sync happened.
 */
const refreshJobsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.refreshJobs, {}, async (request) => {
    const result = await app.sync.run('admin', app.now(), request.log);
    request.log.info({ admin: request.admin?.username, source: result.source }, 'jobs refreshed');
    return result;
  });
};

export default refreshJobsRoutes;
