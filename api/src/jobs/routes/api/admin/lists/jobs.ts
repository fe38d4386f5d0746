import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';

/** /api/admin/lists/jobs: one page of an admin view of the jobs (search, filters, sort). */
const adminJobListRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminJobPage, {}, async (request) =>
    app.jobViews.adminPage(request.query, app.now()),
  );
};

export default adminJobListRoutes;
