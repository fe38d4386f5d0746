import { ALERT_MESSAGES, ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';
import { requireMember } from './member-guard';

/**
 * A signed-in member's job alerts (issue 17), listed on /bookmarks: the alerts of their address,
 * which they may remove without the e-mail's link. Registered inside the members' routes, so it
 * shares their cookie, prefix and CSRF check.
 */
const memberAlertsRoutes: FastifyPluginAsync = async (app) => {
  const member = { preValidation: requireMember(app) };

  route(app, ENDPOINTS.memberAlerts, member, async (request) =>
    app.alerts.memberAlerts(request.member!.email),
  );

  route(app, ENDPOINTS.removeMemberAlert, member, async (request) => {
    await app.alerts.removeMemberAlert(request.member!.email, request.params.id, app.now());
    return { message: ALERT_MESSAGES.memberAlertRemoved };
  });
};

export default memberAlertsRoutes;
