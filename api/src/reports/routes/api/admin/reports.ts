import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor } from '../../../../jobs';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/admin/reports: the reported listings' queue and the admin's decisions (issue 45). */
const reportQueueRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminReports, {}, async () => app.reportReview.queue(app.now()));

  route(app, ENDPOINTS.dismissReports, {}, async (request) => ({
    message: await app.reportReview.dismiss(
      request.params.id,
      auditActor(request.admin),
      app.now(),
    ),
  }));
  route(app, ENDPOINTS.hideReportedListing, {}, async (request) => ({
    message: await app.reportReview.hide(request.params.id, auditActor(request.admin), app.now()),
  }));
  route(app, ENDPOINTS.restoreReportedListing, {}, async (request) => ({
    message: await app.reportReview.restore(
      request.params.id,
      auditActor(request.admin),
      app.now(),
    ),
  }));
};

export default reportQueueRoutes;
