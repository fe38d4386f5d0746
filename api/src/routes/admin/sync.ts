import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';
import { lastSyncReport, restoreDeletedJob } from '../../sync/sync-service';

/**
 * The dashboard's last sync panel: which source is configured, how its latest sync went, the
 * conflicts between the source and the admins still open; and a deleted synced job's restore.
 */
const adminSyncRoutes: FastifyPluginAsync = async (app) => {
  const ctx = { db: app.db, jobs: app.jobs, syncRuns: app.syncRuns, log: app.log };

  route(app, ENDPOINTS.lastSync, {}, async () => ({
    source: app.jobSource?.name ?? null,
    last: await lastSyncReport(ctx),
  }));

  route(app, ENDPOINTS.restoreSyncedJob, {}, async (request) =>
    restoreDeletedJob({ ...ctx, log: request.log }, request.params.id, request.admin?.username),
  );
};

export default adminSyncRoutes;
