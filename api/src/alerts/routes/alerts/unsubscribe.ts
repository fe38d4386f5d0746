import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/**
 * POST /alerts/unsubscribe?token=: the one-click unsubscribe of RFC 8058, at the unsubscribe
 * page's own address (a mail client posts it from the message's List-Unsubscribe header).
 */
const oneClickUnsubscribeRoutes: FastifyPluginAsync = async (app) => {
  // It posts `List-Unsubscribe=One-Click` as a form: taken and not read (the token in the URL
  // says everything), here only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  // About one person's alert: never stored, refusals included (outside /api, where
  // platform/plugins/security-headers.ts says so for the rest).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  route(app, ENDPOINTS.unsubscribeAlertOneClick, {}, async (request) => {
    await app.alerts.unsubscribe(request.query.token, app.now());
    return { message: ALERT_MESSAGES.unsubscribed };
  });
};

export default oneClickUnsubscribeRoutes;
