import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { promoCodesKey } from './promo-codes';

export const deletePromoCode = (id: string) =>
  apiFetch(ENDPOINTS.deletePromoCode, { params: { id } });

/** Delete a promo code; the list is fetched again. */
export function useDeletePromoCode() {
  return useMutation(promoCodesKey, (_key: string, { arg: id }: { arg: string }) =>
    deletePromoCode(id),
  );
}
