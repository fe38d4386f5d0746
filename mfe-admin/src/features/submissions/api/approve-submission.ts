import type { AdminSubmission } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionUrl, submissionsKey } from './submissions';

export interface Approval {
  submission: AdminSubmission;
  paymentUrl: string | null;
  publishedWithCredit: boolean;
}

/** Approve; `useCredit` publishes at once with one of the contact's Multiples credits. */
export const approveSubmission = (id: string, useCredit = false) =>
  apiFetch<Approval>(submissionUrl(id, 'approve'), {
    method: 'POST',
    ...(useCredit ? { body: { useCredit: true } } : {}),
  });

/** Approve from the review queue, which is fetched again whatever the outcome. */
export function useApproveSubmission() {
  return useMutation(
    submissionsKey,
    (_key: string, { arg }: { arg: { id: string; useCredit: boolean } }) =>
      approveSubmission(arg.id, arg.useCredit),
  );
}
