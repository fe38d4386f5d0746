import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';

/** The job alerts' figure on the dashboard: how many alerts are confirmed (and so send). */
const adminAlertsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.alertStats, {}, async () => ({
    confirmed: await app.alerts.countConfirmed(app.db),
  }));
};

export default adminAlertsRoutes;
