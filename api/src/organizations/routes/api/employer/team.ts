import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import {
  EMPLOYER_SESSION_COOKIE,
  EMPLOYER_SESSION_COOKIE_PATH,
} from '../../../../platform/plugins/session';

/**
 * /api/employer/team: the signed-in address's organisation (issue 47). Anyone in it sees it; the
 * owner invites, removes, hands the ownership on and sets the domain; a member leaves (and their
 * session ends with it).
 */
const teamRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerTeam, {}, async (request) =>
    app.team.view(request.employer!.email, app.now()),
  );
  route(app, ENDPOINTS.employerInvite, {}, async (request) => ({
    message: await app.team.invite(request.employer!.email, request.body.email, app.now()),
  }));
  route(app, ENDPOINTS.employerRemoveMember, {}, async (request) =>
    app.team.remove(request.employer!.email, request.body.email, app.now()),
  );
  route(app, ENDPOINTS.employerMakeOwner, {}, async (request) =>
    app.team.makeOwner(request.employer!.email, request.body.email, app.now()),
  );
  route(app, ENDPOINTS.employerLeaveTeam, {}, async (request, reply) => {
    const message = await app.team.leave(request.employer!.email, app.now());
    await request.session.destroy();
    reply.clearCookie(EMPLOYER_SESSION_COOKIE, { path: EMPLOYER_SESSION_COOKIE_PATH });
    return { message };
  });
  route(app, ENDPOINTS.employerTeamDomain, {}, async (request) =>
    app.team.setDomain(request.employer!.email, request.body, app.now()),
  );
};

export default teamRoutes;
