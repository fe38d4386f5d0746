/** Proposals of changes to live jobs (issue 30; api/src/proposals/): the employer proposes, an admin approves or rejects. */
import { type Endpoint, Message } from '../endpoint';
import {
  AdminProposalList,
  JobProposalForm,
  PROPOSAL_MESSAGES,
  ProposalSaved,
  RejectProposal,
} from '../proposals';
import { byId, employerListingId } from './params';

export const employerProposalForm = {
  method: 'GET',
  path: '/api/employer/jobs/:id/proposal',
  summary:
    "The form of changes to a live job of the address: the pending proposal's values, or the job's as it is.",
  ...employerListingId,
  response: JobProposalForm,
} as const satisfies Endpoint;
export const employerPropose = {
  method: 'POST',
  path: '/api/employer/jobs/:id/proposal',
  summary:
    "Propose changes to a live job (validated like submitting): stored for the admin's review, replacing a pending one; with the admin's setting on, a typo-sized change of a long text goes live at once. 409 for a job not on the board.",
  ...employerListingId,
  body: JobProposalForm,
  response: ProposalSaved,
} as const satisfies Endpoint;
export const employerWithdrawProposal = {
  method: 'DELETE',
  path: '/api/employer/jobs/:id/proposal',
  summary: "Withdraw the job's pending proposal (404 when none is pending).",
  ...employerListingId,
  response: Message,
} as const satisfies Endpoint;
const proposalId = byId(PROPOSAL_MESSAGES.proposalNotFound);
export const adminProposals = {
  method: 'GET',
  path: '/api/admin/proposals',
  summary:
    "Every pending proposal of changes to a live job, oldest first, each field from the job's value now to the proposed one.",
  response: AdminProposalList,
} as const satisfies Endpoint;
export const approveProposal = {
  method: 'POST',
  path: '/api/admin/proposals/:id/approve',
  summary:
    "Applies the proposed fields as an admin's edit (every other field kept), with its history line; the employer is e-mailed.",
  ...proposalId,
  response: Message,
} as const satisfies Endpoint;
export const rejectProposal = {
  method: 'POST',
  path: '/api/admin/proposals/:id/reject',
  summary: 'Rejects a pending proposal; the employer is e-mailed the reason.',
  ...proposalId,
  body: RejectProposal,
  response: Message,
} as const satisfies Endpoint;
