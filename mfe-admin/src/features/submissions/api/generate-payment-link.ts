import { ENDPOINTS } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/** A new pay link: the earlier ones stop working (only a hash of a link is kept). */
export const generatePaymentLink = (id: string) =>
  apiFetch(ENDPOINTS.issuePaymentLink, { params: { id } });

/** Issue a new pay link; the review queue (which shows until when it works) is fetched again. */
export function useGeneratePaymentLink() {
  return useMutation(submissionsKey, (_key: string, { arg: id }: { arg: string }) =>
    generatePaymentLink(id),
  );
}
