import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * POST /api/admin/submissions/:id/offline-payment: an admin records a check or a bank transfer
 * received (issue 47), with Stripe configured or not (the older mark-paid, a payment with no
 * reference, stays for a board without Stripe).
 */
const offlinePaymentRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.recordOfflinePayment, {}, async (request) => {
    const admin = request.admin!;
    const recorded = await app.payments.recordOfflinePayment(
      request.params.id,
      request.body,
      { id: admin.id, username: admin.username },
      app.now(),
      request.log,
    );
    request.log.info(
      { admin: admin.username, submissionId: request.params.id, method: request.body.method },
      'offline payment recorded',
    );
    return recorded;
  });
};

export default offlinePaymentRoutes;
