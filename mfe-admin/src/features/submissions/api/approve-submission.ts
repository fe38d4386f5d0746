import { type CompanyField } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/** What the admin approves: the submission as their card showed it, and their choices. */
export interface Approval {
  id: string;
  /** The card's `editedAt`: an edit by the employer after it was read is refused (409), not published. */
  editedAt: string | null;
  /** Publish at once with one of the contact's Multiples credits. */
  useCredit: boolean;
  /** The company details the company on the board takes from the submission. */
  updateCompany?: readonly CompanyField[];
}

export const approveSubmission = ({ id, editedAt, useCredit, updateCompany = [] }: Approval) =>
  apiFetch(ENDPOINTS.approveSubmission, {
    params: { id },
    body: {
      editedAt,
      ...(useCredit ? { useCredit: true } : {}),
      ...(updateCompany.length ? { updateCompany: [...updateCompany] } : {}),
    },
  });

/** Approve from the review queue, which is fetched again whatever the outcome. */
export function useApproveSubmission() {
  return useMutation(submissionsKey, (_key: string, { arg }: { arg: Approval }) =>
    approveSubmission(arg),
  );
}
