import { ALERT_MESSAGES, ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { memberAlerts, removeMemberAlert } from '../../alerts/alerts-service';
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
    memberAlerts(request.member!.email, app.serviceContext(request)),
  );

  route(app, ENDPOINTS.removeMemberAlert, member, async (request) => {
    await removeMemberAlert(request.member!.email, request.params.id, app.serviceContext(request));
    return { message: ALERT_MESSAGES.memberAlertRemoved };
  });
};

export default memberAlertsRoutes;
