import { type PromoCodeInput } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { promoCodesKey } from './promo-codes';

export const createPromoCode = (input: PromoCodeInput) =>
  apiFetch(ENDPOINTS.createPromoCode, { body: input });

/** Add a promo code; the list is fetched again. */
export function useCreatePromoCode() {
  return useMutation(promoCodesKey, (_key: string, { arg }: { arg: PromoCodeInput }) =>
    createPromoCode(arg),
  );
}
