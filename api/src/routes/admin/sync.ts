import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';

/** The dashboard's last sync panel: which source is configured, and how its latest sync went. */
const adminSyncRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.lastSync, {}, async () => ({
    source: app.jobSource?.name ?? null,
    last: await app.syncRuns.last(app.db),
  }));
};

export default adminSyncRoutes;
