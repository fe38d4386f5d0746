import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { sendResume } from '../../../resume-download';

/**
 * The employer's applications (issue 42), each of their own listings' only (404 otherwise):
 * PUT /api/employer/applications/:id (status, star, note), POST /api/employer/applications/status
 * (one status for several), POST /api/employer/applications/:id/decline (the decline e-mail, once)
 * and GET /api/employer/applications/:id/resume (the résumé, downloaded).
 */
const inboxApplicationsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerUpdateApplication, {}, async (request) =>
    app.applicationInbox.change(
      request.employer!.email,
      Number(request.params.id),
      request.body,
      app.now(),
    ),
  );
  route(app, ENDPOINTS.employerApplicationsStatus, {}, async (request) => ({
    message: await app.applicationInbox.setStatus(
      request.employer!.email,
      request.body.ids,
      request.body.status,
      app.now(),
    ),
  }));
  route(app, ENDPOINTS.employerDeclineApplication, {}, async (request) =>
    app.applicationInbox.decline(request.employer!.email, Number(request.params.id), app.now()),
  );
  route(app, ENDPOINTS.employerApplicationResume, {}, async (request, reply) =>
    sendResume(
      reply,
      await app.applicationInbox.employersResume(
        request.employer!.email,
        Number(request.params.id),
      ),
    ),
  );
};

export default inboxApplicationsRoutes;
