import { ENDPOINTS } from '@jobboard/contract';
import type { PromoCode } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const promoCodesKey = ENDPOINTS.promoCodes.path;

/** Every promo code, for /admin/promo-codes. */
export function usePromoCodes() {
  return useSWR(promoCodesKey, (url: string) => apiFetch<PromoCode[]>(url));
}
