import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
} from '../../promo-codes/promo-codes-admin';

/** Promo codes: percent or amount off, an active window and a redemption limit. */
const adminPromoCodesRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.promoCodes, {}, async (request) =>
    listPromoCodes(app.serviceContext(request)),
  );
  route(app, ENDPOINTS.createPromoCode, {}, async (request) =>
    createPromoCode(request.body, app.serviceContext(request)),
  );
  route(app, ENDPOINTS.updatePromoCode, {}, async (request) =>
    updatePromoCode(request.params.id, request.body, app.serviceContext(request)),
  );
  route(app, ENDPOINTS.deletePromoCode, {}, async (request) => {
    await deletePromoCode(request.params.id, app.serviceContext(request));
    return { message: 'Promo code deleted' };
  });
};

export default adminPromoCodesRoutes;
