import { ENDPOINTS, endpointPath } from '@jobboard/contract';
import type { PayPageView } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const payPageKey = (token: string) => endpointPath(ENDPOINTS.payPage, { token });

export const getPayPage = (token: string) => apiFetch<PayPageView>(payPageKey(token));

/** The listing behind a pay link. `refreshInterval` lets the success page wait for the webhook. */
export function usePayPage(token: string, refreshInterval = 0) {
  return useSWR(payPageKey(token), () => getPayPage(token), { refreshInterval });
}
