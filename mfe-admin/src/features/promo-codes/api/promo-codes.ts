import type { PromoCode } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const promoCodesKey = '/api/admin/promo-codes';

/** Every promo code, for /admin/promo-codes. */
export function usePromoCodes() {
  return useSWR(promoCodesKey, (url: string) => apiFetch<PromoCode[]>(url));
}
