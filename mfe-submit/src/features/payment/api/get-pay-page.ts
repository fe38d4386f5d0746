import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const payPageKey = (token: string) => endpointKey(ENDPOINTS.payPage, { params: { token } });

export const getPayPage = (token: string) => apiFetch(ENDPOINTS.payPage, { params: { token } });

/** The listing behind a pay link. `refreshInterval` lets the success page wait for the webhook. */
export function usePayPage(token: string, refreshInterval = 0) {
  return useSWR(payPageKey(token), () => getPayPage(token), { refreshInterval });
}
