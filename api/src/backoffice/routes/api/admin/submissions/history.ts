import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';

/** /api/admin/submissions/:id/history: a submission's timeline (review, pay links, e-mails). */
const submissionHistoryRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.submissionHistory, {}, async (request) =>
    app.backoffice.submissionHistory(request.params.id, app.now()),
  );
};

export default submissionHistoryRoutes;
