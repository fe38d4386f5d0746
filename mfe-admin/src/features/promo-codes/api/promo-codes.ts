import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const promoCodesKey = endpointKey(ENDPOINTS.promoCodes);

/** Every promo code, for /admin/promo-codes. */
export function usePromoCodes() {
  return useSWR(promoCodesKey, () => apiFetch(ENDPOINTS.promoCodes));
}
