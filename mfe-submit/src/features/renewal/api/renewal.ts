import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

const renewalPageKey = (token: string) => endpointKey(ENDPOINTS.renewalPage, { params: { token } });

/** The listing behind a renewal link: its ends, the price, or why it cannot be renewed now. */
export function useRenewalPage(token: string) {
  return useSWR(renewalPageKey(token), () =>
    apiFetch(ENDPOINTS.renewalPage, { params: { token } }),
  );
}

/** A Stripe Checkout Session for the renewal; the browser is sent to its URL. */
export const startRenewalCheckout = (token: string) =>
  apiFetch(ENDPOINTS.renewalCheckout, { params: { token } });

/** Whether the renewal paid through `sessionId` has arrived; `refreshInterval` waits for it. */
export function useRenewalStatus(token: string, sessionId: string, refreshInterval = 0) {
  const params = { token, sessionId };
  return useSWR(
    endpointKey(ENDPOINTS.renewalStatus, { params }),
    () => apiFetch(ENDPOINTS.renewalStatus, { params }),
    { refreshInterval },
  );
}
