import type { CheckInAnswer } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/**
 * The listing a still-hiring check-in link asks about (issue 45): a read that changes nothing.
 * A link that cannot be answered is the API's 404 or 410 with its message; it is asked once.
 */
export function useCheckIn(token: string | null) {
  return useSWR(
    token === null ? null : endpointKey(ENDPOINTS.checkIn, { params: { token } }),
    () => apiFetch(ENDPOINTS.checkIn, { params: { token: token! } }),
    { shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false },
  );
}

/** The page's button: the answer, recorded once. */
export const answerCheckIn = (token: string, answer: CheckInAnswer) =>
  apiFetch(ENDPOINTS.answerCheckIn, { params: { token }, body: { answer } });
