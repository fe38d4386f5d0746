import { APPLICATION_ADMIN_MESSAGES } from '@jobboard/contract/applications';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { sendResume } from '../../../resume-download';

/**
 * /api/admin/applications (docs/product.md#applications): a person asks the board what it kept of
 * their applications, or to delete one. The admin looks up their address (a POST: the address is
 * in no log line; each application's job, when, its status, never what it says) and deletes the
 * one they name; the deletion is logged with the admin and the job, not the applicant. An admin
 * may download an application's résumé, as its listing's employer does (issue 42).
 */
const adminApplicationsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminApplications, {}, async (request) =>
    app.applicationUpkeep.lookup(request.body.email),
  );

  route(app, ENDPOINTS.deleteAdminApplication, {}, async (request) => {
    const applicationId = Number(request.params.id);
    const { jobId } = await app.applicationUpkeep.deleteOne(applicationId);
    request.log.info(
      { applicationId, jobId, admin: request.admin?.username },
      'application deleted on request',
    );
    return { message: APPLICATION_ADMIN_MESSAGES.deleted };
  });

  route(app, ENDPOINTS.adminApplicationResume, {}, async (request, reply) =>
    sendResume(reply, await app.applicationInbox.resume(Number(request.params.id))),
  );
};

export default adminApplicationsRoutes;
