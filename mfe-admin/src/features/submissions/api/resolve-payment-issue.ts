import type { AdminSubmission } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionUrl, submissionsKey } from './submissions';

/** A flagged payment has been refunded or otherwise dealt with. */
export const resolvePaymentIssue = (id: string, paymentId: string) =>
  apiFetch<AdminSubmission>(
    submissionUrl(id, `payments/${encodeURIComponent(paymentId)}/resolve`),
    { method: 'POST' },
  );

/** Mark a flagged payment handled; the review queue is fetched again. */
export function useResolvePaymentIssue() {
  return useMutation(
    submissionsKey,
    (_key: string, { arg }: { arg: { id: string; paymentId: string } }) =>
      resolvePaymentIssue(arg.id, arg.paymentId),
  );
}
