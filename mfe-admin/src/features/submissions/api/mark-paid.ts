import type { AdminSubmission } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionUrl, submissionsKey } from './submissions';

/** Payment taken outside Stripe (offered only when Stripe is not set up): the job goes live. */
export const markPaid = (id: string) =>
  apiFetch<AdminSubmission>(submissionUrl(id, 'mark-paid'), { method: 'POST' });

/** Mark as paid; the review queue is fetched again. */
export function useMarkPaid() {
  return useMutation(submissionsKey, (_key: string, { arg: id }: { arg: string }) => markPaid(id));
}
