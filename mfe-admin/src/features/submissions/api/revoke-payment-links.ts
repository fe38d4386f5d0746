import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/** 'Revoke links': every pay link of the listing stops working, the e-mailed one too. */
export const revokePaymentLinks = (id: string) =>
  apiFetch(ENDPOINTS.revokePaymentLinks, { params: { id } });

/** Revoke a listing's pay links; the review queue is fetched again. */
export function useRevokePaymentLinks() {
  return useMutation(submissionsKey, (_key: string, { arg: id }: { arg: string }) =>
    revokePaymentLinks(id),
  );
}
