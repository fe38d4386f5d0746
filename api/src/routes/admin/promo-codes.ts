import { PromoCodeInput } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
} from '../../admin/promo-codes-admin';
import { notFound } from '../../http/http-error';
import { validateInput } from '../../http/validate';

type IdParams = { Params: { id: string } };

const promoId = (id: string) => {
  if (!/^[1-9]\d{0,15}$/.test(id)) throw notFound('Promo code not found');
  return Number(id);
};

/** Promo codes: percent or amount off, an active window and a redemption limit. */
const adminPromoCodesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async () => listPromoCodes(app.db));
  app.post('/', async (request, reply) =>
    reply
      .status(201)
      .send(await createPromoCode(app.db, validateInput(PromoCodeInput, request.body), app.now())),
  );
  app.put<IdParams>('/:id', async (request) =>
    updatePromoCode(
      app.db,
      promoId(request.params.id),
      validateInput(PromoCodeInput, request.body),
      app.now(),
    ),
  );
  app.delete<IdParams>('/:id', async (request) => {
    await deletePromoCode(app.db, promoId(request.params.id));
    return { message: 'Promo code deleted' };
  });
};

export default adminPromoCodesRoutes;
