import { PromoCodeInput, parseRecordId } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
} from '../../promo-codes/promo-codes-admin';
import { notFound } from '../../http/http-error';
import { validateInput } from '../../http/validate';

type IdParams = { Params: { id: string } };

/** The id in the URL; an id that cannot name a record (too large, not a number) is a 404. */
const promoId = (id: string) => {
  const parsed = parseRecordId(id);
  if (parsed === null) throw notFound('Promo code not found');
  return parsed;
};

/** Promo codes: percent or amount off, an active window and a redemption limit. */
const adminPromoCodesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async (request) => listPromoCodes(app.serviceContext(request)));
  app.post('/', async (request, reply) =>
    reply
      .status(201)
      .send(
        await createPromoCode(
          validateInput(PromoCodeInput, request.body),
          app.serviceContext(request),
        ),
      ),
  );
  app.put<IdParams>('/:id', async (request) =>
    updatePromoCode(
      promoId(request.params.id),
      validateInput(PromoCodeInput, request.body),
      app.serviceContext(request),
    ),
  );
  app.delete<IdParams>('/:id', async (request) => {
    await deletePromoCode(promoId(request.params.id), app.serviceContext(request));
    return { message: 'Promo code deleted' };
  });
};

export default adminPromoCodesRoutes;
