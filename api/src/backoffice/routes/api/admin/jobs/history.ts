import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';

/** /api/admin/jobs/:id/history: a job's timeline, with its company's and its submission's. */
const jobHistoryRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.jobHistory, {}, async (request) =>
    app.backoffice.jobHistory(request.params.id, app.now()),
  );
};

export default jobHistoryRoutes;
