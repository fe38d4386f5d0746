import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * /api/employer/submissions/:id: one of the address's submissions as the form edits it, the edit
 * before approval, 'Use a credit' while in review, and a fresh pay link once approved. Another
 * address's id: 404.
 */
const submissionsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerSubmission, {}, async (request) =>
    app.employers.submissionForm(request.employer!.email, Number(request.params.id)),
  );
  route(app, ENDPOINTS.employerEditSubmission, {}, async (request) =>
    app.employers.editSubmission(
      request.employer!.email,
      Number(request.params.id),
      request.body,
      app.now(),
    ),
  );
  route(app, ENDPOINTS.employerUseCredit, {}, async (request) =>
    app.employers.useCredit(request.employer!.email, Number(request.params.id), app.now()),
  );
  route(app, ENDPOINTS.employerPayLink, {}, async (request) => ({
    url: await app.employers.payLink(request.employer!.email, Number(request.params.id), app.now()),
  }));
};

export default submissionsRoutes;
