import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/**
 * A new pay link (only a hash of a link is kept, so an earlier one cannot be shown again); the
 * earlier links keep working, and the answer says how many of them do.
 */
export const generatePaymentLink = (id: string) =>
  apiFetch(ENDPOINTS.issuePaymentLink, { params: { id } });

/** Issue a new pay link; the review queue (which shows until when it works) is fetched again. */
export function useGeneratePaymentLink() {
  return useMutation(submissionsKey, (_key: string, { arg: id }: { arg: string }) =>
    generatePaymentLink(id),
  );
}
