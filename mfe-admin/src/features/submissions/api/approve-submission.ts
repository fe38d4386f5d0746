import { type CompanyField } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/**
 * Approve; `useCredit` publishes at once with one of the contact's Multiples credits, and
 * `updateCompany` names the company details the company on the board takes from the submission.
 */
export const approveSubmission = (
  id: string,
  useCredit = false,
  updateCompany: readonly CompanyField[] = [],
) => {
  const body = {
    ...(useCredit ? { useCredit: true } : {}),
    ...(updateCompany.length ? { updateCompany: [...updateCompany] } : {}),
  };
  return apiFetch(ENDPOINTS.approveSubmission, {
    params: { id },
    // With neither, no body is sent: the API reads a missing body as "no credit, no company change".
    body: Object.keys(body).length ? body : undefined,
  });
};

/** Approve from the review queue, which is fetched again whatever the outcome. */
export function useApproveSubmission() {
  return useMutation(
    submissionsKey,
    (
      _key: string,
      { arg }: { arg: { id: string; useCredit: boolean; updateCompany?: CompanyField[] } },
    ) => approveSubmission(arg.id, arg.useCredit, arg.updateCompany),
  );
}
