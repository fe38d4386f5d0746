import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/** A flagged payment has been refunded or otherwise dealt with. */
export const resolvePaymentIssue = (id: string, paymentId: string) =>
  apiFetch(ENDPOINTS.resolvePaymentIssue, { params: { id, paymentId } });

/** Mark a flagged payment handled; the review queue is fetched again. */
export function useResolvePaymentIssue() {
  return useMutation(
    submissionsKey,
    (_key: string, { arg }: { arg: { id: string; paymentId: string } }) =>
      resolvePaymentIssue(arg.id, arg.paymentId),
  );
}
