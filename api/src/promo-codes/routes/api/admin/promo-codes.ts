import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/admin/promo-codes: percent or amount off, an active window and a redemption limit. */
const adminPromoCodesRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.promoCodes, {}, async () => app.promoCodes.list());
  route(app, ENDPOINTS.createPromoCode, {}, async (request) =>
    app.promoCodes.create(request.body, app.now()),
  );
  route(app, ENDPOINTS.updatePromoCode, {}, async (request) =>
    app.promoCodes.update(request.params.id, request.body, app.now()),
  );
  route(app, ENDPOINTS.deletePromoCode, {}, async (request) => {
    await app.promoCodes.delete(request.params.id);
    return { message: 'Promo code deleted' };
  });
};

export default adminPromoCodesRoutes;
