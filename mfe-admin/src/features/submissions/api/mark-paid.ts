import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/** Payment taken outside Stripe (offered only when Stripe is not set up): the job goes live. */
export const markPaid = (id: string) => apiFetch(ENDPOINTS.markPaid, { params: { id } });

/** Mark as paid; the review queue is fetched again. */
export function useMarkPaid() {
  return useMutation(submissionsKey, (_key: string, { arg: id }: { arg: string }) => markPaid(id));
}
