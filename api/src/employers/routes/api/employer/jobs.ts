import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * POST /api/employer/jobs/:id/close: the employer marks their live job filled or closed.
 * POST /api/employer/jobs/:id/renewal: a renewal link of their listing (409 with the reason when
 * it cannot be renewed now).
 */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerCloseJob, {}, async (request) =>
    app.employers.close(
      request.employer!.email,
      Number(request.params.id),
      request.body.reason,
      app.now(),
    ),
  );
  route(app, ENDPOINTS.employerRenewJob, {}, async (request) => ({
    url: await app.employers.renewalLink(request.employer!.email, Number(request.params.id)),
  }));
};

export default jobsRoutes;
