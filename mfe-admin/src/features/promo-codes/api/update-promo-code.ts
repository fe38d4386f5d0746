import { type PromoCodeInput } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { promoCodesKey } from './promo-codes';

export const updatePromoCode = (id: string, input: PromoCodeInput) =>
  apiFetch(ENDPOINTS.updatePromoCode, { params: { id }, body: input });

/** Change a promo code; the list is fetched again. */
export function useUpdatePromoCode() {
  return useMutation(
    promoCodesKey,
    (_key: string, { arg }: { arg: { id: string; input: PromoCodeInput } }) =>
      updatePromoCode(arg.id, arg.input),
  );
}
