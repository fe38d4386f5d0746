import { ALERT_LIMITS, ALERT_MESSAGES, ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';

/**
 * Job alerts (issue 17): subscribe from the board, then the alert's own links (confirm, manage,
 * unsubscribe), which work without signing in: the token in the link is the key.
 */
const alertsRoutes: FastifyPluginAsync = async (app) => {
  // The one-click unsubscribe of RFC 8058 posts `List-Unsubscribe=One-Click` as a form: taken
  // and not read (the token in the URL says everything), here only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  // Every answer here is about one person's alert: never stored, refusals included (the one-click
  // URL is outside /api, where plugins/security-headers.ts says so for the rest).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  route(
    app,
    ENDPOINTS.subscribeAlert,
    // Per client address, in this process; per e-mail address the service counts in the database.
    { config: { rateLimit: { max: ALERT_LIMITS.perClientPerHour, timeWindow: 60 * 60_000 } } },
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
  route(app, ENDPOINTS.unsubscribeAlertOneClick, {}, async (request) => {
    await app.alerts.unsubscribe(request.query.token, app.now());
    return { message: ALERT_MESSAGES.unsubscribed };
  });
};

export default alertsRoutes;
