import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/**
 * /api/alerts: job alerts (issue 17). Subscribe from the board, then the alert's own links
 * (confirm, manage, unsubscribe), which work without signing in: the token in the link is the
 * key. Every answer is about one person's alert: never stored (platform/plugins/security-headers.ts).
 */
const alertsRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.subscribeAlert,
    // Per client address here; per e-mail address and for the board the service counts.
    { config: { rateLimit: app.config.rateLimits.subscribeAlert } },
    async (request) => ({ message: await app.alerts.subscribe(request.body, app.now()) }),
  );
  route(app, ENDPOINTS.confirmAlert, {}, async (request) =>
    app.alerts.confirm(request.params.token, app.now()),
  );
  route(app, ENDPOINTS.alert, {}, async (request) => app.alerts.view(request.params.token));
  route(app, ENDPOINTS.updateAlert, {}, async (request) =>
    app.alerts.changeFrequency(request.params.token, request.body.frequency),
  );
  route(app, ENDPOINTS.unsubscribeAlert, {}, async (request) =>
    app.alerts.unsubscribe(request.params.token, app.now()),
  );
  // Download and delete your data: a POST and a DELETE, so opening a link hands out nothing.
  route(app, ENDPOINTS.alertDataExport, {}, async (request) =>
    app.alerts.exportByToken(request.params.token, app.now()),
  );
  route(app, ENDPOINTS.alertDataDelete, {}, async (request) => {
    const deleted = await app.alerts.deleteByToken(request.params.token);
    return { message: ALERT_MESSAGES.dataDeleted(deleted.alerts, deleted.applications) };
  });
};

export default alertsRoutes;
