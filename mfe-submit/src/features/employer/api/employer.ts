import type { HumanProofBody } from '@jobboard/contract/common';
import type { EmployerCloseReason, JobProposalForm } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import type { SubmissionForm } from '@jobboard/contract/submissions';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The employer's API (issue 30): every call carries their session cookie and the CSRF header. */

/** `proof`: the spam check's two fields (issue 45). */
export const askForLink = (email: string, proof: HumanProofBody) =>
  apiFetch(ENDPOINTS.employerSignInLink, { body: { email, ...proof } });

export const signIn = (token: string) => apiFetch(ENDPOINTS.employerSignIn, { body: { token } });

export const signOut = () => apiFetch(ENDPOINTS.employerSignOut);

/** Who is signed in, or null (401: nobody). */
export function useEmployerSession() {
  return useSWR(endpointKey(ENDPOINTS.employerSession, {}), () =>
    apiFetch(ENDPOINTS.employerSession, { nullOn401: true }),
  );
}

export const listingsKey = (page: number) =>
  endpointKey(ENDPOINTS.employerListings, { query: { page } });

export function useListings(page: number) {
  return useSWR(listingsKey(page), () =>
    apiFetch(ENDPOINTS.employerListings, { query: { page }, nullOn401: true }),
  );
}

export function useSubmissionForm(id: string) {
  return useSWR(endpointKey(ENDPOINTS.employerSubmission, { params: { id } }), () =>
    apiFetch(ENDPOINTS.employerSubmission, { params: { id } }),
  );
}

export const editSubmission = (id: string, values: SubmissionForm) =>
  apiFetch(ENDPOINTS.employerEditSubmission, { params: { id }, body: values });

export const payLink = (id: string) => apiFetch(ENDPOINTS.employerPayLink, { params: { id } });

/** 'Use a credit': the admin's approval then spends one of the address's Multiples credits. */
export const askToUseCredit = (id: string) =>
  apiFetch(ENDPOINTS.employerUseCredit, { params: { id } });

export const closeJob = (id: string, reason: EmployerCloseReason) =>
  apiFetch(ENDPOINTS.employerCloseJob, { params: { id }, body: { reason } });

/** A renewal link of a listing (its page, then Stripe Checkout); 409 with why when it cannot be renewed now. */
export const renewJob = (id: string) => apiFetch(ENDPOINTS.employerRenewJob, { params: { id } });

/** What a receipt is of: the listing's first payment or one of its renewals. */
export type ReceiptKind = 'payment' | 'renewal';

const RECEIPT_ENDPOINTS = {
  payment: ENDPOINTS.employerReceipt,
  renewal: ENDPOINTS.employerRenewalReceipt,
} as const;

export function useReceipt(id: string, kind: ReceiptKind = 'payment') {
  const endpoint = RECEIPT_ENDPOINTS[kind];
  return useSWR(endpointKey(endpoint, { params: { id } }), () =>
    apiFetch(endpoint, { params: { id } }),
  );
}

/** The form of changes to a live job: its pending proposal's values, or the job's. */
export function useProposalForm(jobId: string) {
  return useSWR(endpointKey(ENDPOINTS.employerProposalForm, { params: { id: jobId } }), () =>
    apiFetch(ENDPOINTS.employerProposalForm, { params: { id: jobId } }),
  );
}

export const proposeChanges = (jobId: string, values: JobProposalForm) =>
  apiFetch(ENDPOINTS.employerPropose, { params: { id: jobId }, body: values });

export const withdrawProposal = (jobId: string) =>
  apiFetch(ENDPOINTS.employerWithdrawProposal, { params: { id: jobId } });
