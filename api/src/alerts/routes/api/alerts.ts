import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/**
 * /api/alerts: job alerts (issue 17). Subscribe from the board; then an alert's own links
 * (confirm, manage, unsubscribe) work without signing in, each on its one alert only: the token
 * in the link is the key to that alert and to nothing else of its address (issue 43). An
 * address's data (every alert, application and report of a listing of it) is reached only through a data link
 * e-mailed to that address (alerts/data-links.ts). None of these answers is ever stored by a
 * cache: every /api path but the public reads is no-store (platform/plugins/security-headers.ts).
 */
const alertsRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.subscribeAlert,
    // Per client address here; per e-mail address and for the board the service counts. The spam
    // check (issue 45) before any of them: a script's request counts against nobody's address.
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
  // Deprecated (contract 2.0 removes them): the link's one alert, downloaded or deleted. A POST
  // and a DELETE, so opening a link hands out nothing.
  route(app, ENDPOINTS.alertDataExport, {}, async (request) =>
    app.alerts.exportByToken(request.params.token, app.now()),
  );
  route(app, ENDPOINTS.alertDataDelete, {}, async (request) => {
    const deleted = await app.alerts.deleteByToken(request.params.token);
    return { message: ALERT_MESSAGES.dataDeleted(deleted.alerts, deleted.applications) };
  });

  // An address's data: a link e-mailed to it (per client here, per address the service counts),
  // then its one use, by the page's button (a POST or a DELETE: a scanner's GET spends nothing).
  route(
    app,
    ENDPOINTS.requestAlertDataLink,
    { config: { rateLimit: app.config.rateLimits.requestAlertDataLink } },
    async (request) => ({
      message: await app.alertDataLinks.request(request.body.email, app.now()),
    }),
  );
  route(app, ENDPOINTS.dataLinkExport, {}, async (request) =>
    app.alertDataLinks.export(request.params.token, app.now()),
  );
  route(app, ENDPOINTS.dataLinkDelete, {}, async (request) => {
    const deleted = await app.alertDataLinks.delete(request.params.token, app.now());
    return {
      message: ALERT_MESSAGES.dataDeleted(deleted.alerts, deleted.applications, deleted.reports),
    };
  });
};

export default alertsRoutes;
