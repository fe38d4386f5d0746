import { ENDPOINTS } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/** Approve; `useCredit` publishes at once with one of the contact's Multiples credits. */
export const approveSubmission = (id: string, useCredit = false) =>
  apiFetch(ENDPOINTS.approveSubmission, {
    params: { id },
    // Without a credit no body is sent: the API reads a missing body as "no credit".
    body: useCredit ? { useCredit: true } : undefined,
  });

/** Approve from the review queue, which is fetched again whatever the outcome. */
export function useApproveSubmission() {
  return useMutation(
    submissionsKey,
    (_key: string, { arg }: { arg: { id: string; useCredit: boolean } }) =>
      approveSubmission(arg.id, arg.useCredit),
  );
}
