import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * GET /api/employer/receipts/:id: the printable receipt of one of the address's payments;
 * GET /api/employer/renewal-receipts/:id: of one of its paid renewals.
 */
const receiptsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerReceipt, {}, async (request) =>
    app.employers.receipt(request.employer!.email, Number(request.params.id)),
  );
  route(app, ENDPOINTS.employerRenewalReceipt, {}, async (request) =>
    app.employers.renewalReceipt(request.employer!.email, Number(request.params.id)),
  );
};

export default receiptsRoutes;
