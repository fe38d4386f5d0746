/** Admin: promo codes (api/src/promo-codes/). */
import { PromoCode, PromoCodeInput, PromoCodeList } from '../admin/promo-codes';
import { type Endpoint, Message } from '../endpoint';
import { byId } from './params';

const promoCodeId = byId('Promo code not found');
export const promoCodes = {
  method: 'GET',
  path: '/api/admin/promo-codes',
  summary: 'Every promo code with its redemptions.',
  response: PromoCodeList,
} as const satisfies Endpoint;
export const createPromoCode = {
  method: 'POST',
  path: '/api/admin/promo-codes',
  summary: 'Creates a promo code: a percentage or an amount off, dates, a redemption limit.',
  body: PromoCodeInput,
  status: 201,
  response: PromoCode,
} as const satisfies Endpoint;
export const updatePromoCode = {
  method: 'PUT',
  path: '/api/admin/promo-codes/:id',
  summary: 'Changes a promo code.',
  ...promoCodeId,
  body: PromoCodeInput,
  response: PromoCode,
} as const satisfies Endpoint;
export const deletePromoCode = {
  method: 'DELETE',
  path: '/api/admin/promo-codes/:id',
  summary: 'Deletes a promo code.',
  ...promoCodeId,
  response: Message,
} as const satisfies Endpoint;
