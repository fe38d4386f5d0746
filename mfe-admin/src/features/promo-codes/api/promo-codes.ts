import type { PromoCode, PromoCodeInput } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const promoCodesKey = '/api/admin/promo-codes';

export function usePromoCodes() {
  return useSWR(promoCodesKey, (url: string) => apiFetch<PromoCode[]>(url));
}

export const createPromoCode = (input: PromoCodeInput) =>
  apiFetch<PromoCode>(promoCodesKey, { method: 'POST', body: input });

export const updatePromoCode = (id: string, input: PromoCodeInput) =>
  apiFetch<PromoCode>(`${promoCodesKey}/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

export const deletePromoCode = (id: string) =>
  apiFetch<{ message: string }>(`${promoCodesKey}/${encodeURIComponent(id)}`, { method: 'DELETE' });
