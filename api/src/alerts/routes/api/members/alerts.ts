import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * /api/members/alerts: a signed-in member's job alerts (issue 17), listed on /bookmarks: the alerts
 * of their address, which they may remove without the e-mail's link. In the members' area
 * (members/member-area.ts): their cookie and CSRF check.
 */
const memberAlertsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.memberAlerts, {}, async (request) =>
    app.alerts.memberAlerts(request.member!.email),
  );

  route(app, ENDPOINTS.removeMemberAlert, {}, async (request) => {
    await app.alerts.removeMemberAlert(request.member!.email, request.params.id, app.now());
    return { message: ALERT_MESSAGES.memberAlertRemoved };
  });
};

export default memberAlertsRoutes;
