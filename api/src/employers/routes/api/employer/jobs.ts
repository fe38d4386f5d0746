import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../http/endpoint-route';

/** POST /api/employer/jobs/:id/close: the employer marks their live job filled or closed. */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerCloseJob, {}, async (request) =>
    app.employers.close(
      request.employer!.email,
      Number(request.params.id),
      request.body.reason,
      app.now(),
    ),
  );
};

export default jobsRoutes;
