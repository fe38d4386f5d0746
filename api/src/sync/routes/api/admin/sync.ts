import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * /api/admin/sync: the dashboard's last sync panel (which source is configured, how its latest
 * sync went, the conflicts between the source and the admins still open), and a deleted synced
 * job's restore.
 */
const adminSyncRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.lastSync, {}, async () => ({
    source: app.sync.sourceName,
    last: await app.sync.lastReport(),
    held: await app.sync.held(),
  }));

  route(app, ENDPOINTS.restoreSyncedJob, {}, async (request) =>
    app.sync.restoreDeleted(request.params.id, request.admin?.username, request.log),
  );
};

export default adminSyncRoutes;
