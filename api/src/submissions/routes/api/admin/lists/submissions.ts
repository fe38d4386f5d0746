import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';

/** /api/admin/lists/submissions: one page of an admin view of the review queue. */
const adminSubmissionListRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminSubmissionPage, {}, async (request) =>
    app.review.page(request.query, app.now()),
  );
};

export default adminSubmissionListRoutes;
