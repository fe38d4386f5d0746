import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { auditActor } from '../../../../jobs';

/**
 * /api/admin/organizations, a listing's organisation and company merges (issue 47): the admins'
 * view of organisations and the moves between them, each recorded in the history of both.
 */
const adminOrganizationRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminOrganizations, {}, async (request) =>
    app.adminOrganizations.list(request.query.q ?? '', request.query.page),
  );
  route(app, ENDPOINTS.adminOrganization, {}, async (request) =>
    app.adminOrganizations.one(Number(request.params.id)),
  );
  route(app, ENDPOINTS.adminMoveCredits, {}, async (request) =>
    app.adminOrganizations.moveCredits(
      Number(request.params.id),
      request.body.toOrganizationId,
      auditActor(request.admin),
      app.now(),
    ),
  );
  route(app, ENDPOINTS.adminMergeOrganization, {}, async (request) =>
    app.adminOrganizations.merge(
      Number(request.params.id),
      request.body.intoOrganizationId,
      auditActor(request.admin),
      app.now(),
    ),
  );
  route(app, ENDPOINTS.adminMoveListing, {}, async (request) =>
    app.adminOrganizations.moveListing(
      Number(request.params.id),
      request.body.organizationId,
      auditActor(request.admin),
      app.now(),
    ),
  );
  route(app, ENDPOINTS.adminMergeCompany, {}, async (request) => ({
    message: await app.adminOrganizations.mergeCompany(
      Number(request.params.id),
      request.body.intoCompanyId,
      auditActor(request.admin),
      app.now(),
    ),
  }));
};

export default adminOrganizationRoutes;
