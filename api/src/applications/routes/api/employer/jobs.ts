import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { sendCsv } from '../../../../backoffice';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * GET /api/employer/jobs/:id/applications: a page of one of the employer's listings' applications.
 * GET /api/employer/jobs/:id/applications.csv: all of them as CSV.
 */
const inboxJobsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerApplications, {}, async (request) =>
    app.applicationInbox.page(
      request.employer!.email,
      Number(request.params.id),
      request.query,
      app.now(),
    ),
  );
  route(app, ENDPOINTS.employerApplicationsCsv, {}, async (request, reply) => {
    const { filename, csv } = await app.applicationInbox.csv(
      request.employer!.email,
      Number(request.params.id),
      app.now(),
    );
    return sendCsv(reply, filename, csv);
  });
};

export default inboxJobsRoutes;
