import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** Whether Stripe takes the payments; without it admins get 'Mark as paid'. */
export function usePaymentsStatus() {
  return useSWR(endpointKey(ENDPOINTS.paymentsMode), () => apiFetch(ENDPOINTS.paymentsMode));
}
