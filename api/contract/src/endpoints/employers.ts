/** Employers (issue 30; api/src/employers/): no accounts; an e-mailed sign-in link opens their own page. */
import {
  EMPLOYER_LIMITS,
  EmployerClose,
  EmployerLinkRequest,
  EmployerListing,
  EmployerListings,
  EmployerListingsQuery,
  EmployerPayLink,
  EmployerReceipt,
  EmployerRenewalLink,
  EmployerSession,
  EmployerSignIn,
} from '../employer';
import { string } from 'superstruct';
import { type Endpoint, Message } from '../endpoint';
import { employerListingId, employerReceiptId } from './params';
import { SubmissionForm, SubmissionPayload } from '../submission';

export const employerSignInLink = {
  method: 'POST',
  path: '/api/employer/sign-in-link',
  summary: `Sends a sign-in link (single use, ${EMPLOYER_LIMITS.linkMinutes} minutes) to an address that has listings; the same answer (202) for any address.`,
  body: EmployerLinkRequest,
  humanProof: 'body',
  status: 202,
  response: Message,
} as const satisfies Endpoint;
/** A POST from the sign-in page, never the link's GET: a mail scanner that opens it signs nobody in. */
export const employerSignIn = {
  method: 'POST',
  path: '/api/employer/session',
  summary: "Consumes a sign-in link's token (once) and starts the employer's session.",
  body: EmployerSignIn,
  response: EmployerSession,
} as const satisfies Endpoint;
export const employerSession = {
  method: 'GET',
  path: '/api/employer/session',
  summary: 'Who is signed in as an employer (401 when nobody is).',
  response: EmployerSession,
} as const satisfies Endpoint;
export const employerSignOut = {
  method: 'DELETE',
  path: '/api/employer/session',
  summary: "Ends the employer's session.",
  response: Message,
} as const satisfies Endpoint;
export const employerListings = {
  method: 'GET',
  path: '/api/employer/listings',
  summary: `Every submission and job of the signed-in address, newest first, ${EMPLOYER_LIMITS.pageSize} a page: status, timeline, pay link due, receipt.`,
  querystring: EmployerListingsQuery,
  response: EmployerListings,
} as const satisfies Endpoint;
export const employerSubmission = {
  method: 'GET',
  path: '/api/employer/submissions/:id',
  summary: "One of the address's submissions as the submission form edits it.",
  ...employerListingId,
  response: SubmissionForm,
} as const satisfies Endpoint;
export const employerEditSubmission = {
  method: 'PUT',
  path: '/api/employer/submissions/:id',
  summary:
    "Edit a submission before approval (validated like submitting); it returns to the review queue marked 'edited'. 409 once approved.",
  ...employerListingId,
  body: SubmissionPayload,
  response: EmployerListing,
} as const satisfies Endpoint;
export const employerPayLink = {
  method: 'POST',
  path: '/api/employer/submissions/:id/pay-link',
  summary:
    'A fresh pay link for an approved listing awaiting payment (the links sent before keep working).',
  ...employerListingId,
  response: EmployerPayLink,
} as const satisfies Endpoint;
export const employerUseCredit = {
  method: 'POST',
  path: '/api/employer/submissions/:id/use-credit',
  summary:
    "Ask to publish a listing in review with one of the address's Multiples credits: the admin's approval spends it. 409 once approved, or with no credit left.",
  ...employerListingId,
  response: EmployerListing,
} as const satisfies Endpoint;
export const employerCloseJob = {
  method: 'POST',
  path: '/api/employer/jobs/:id/close',
  summary:
    'Mark a live job filled or closed: off the board, feeds and sitemap at once; kept for the record, with the reason in its history.',
  ...employerListingId,
  body: EmployerClose,
  response: EmployerListing,
} as const satisfies Endpoint;
export const employerReceipt = {
  method: 'GET',
  path: '/api/employer/receipts/:id',
  summary: "The printable receipt of one of the address's payments.",
  ...employerReceiptId,
  response: EmployerReceipt,
} as const satisfies Endpoint;
/** Answers `application/pdf` (an attachment): the same receipt, as a PDF. */
export const employerReceiptPdf = {
  method: 'GET',
  path: '/api/employer/receipts/:id/pdf',
  summary:
    "The receipt of one of the address's payments as a PDF (an attachment): the publication's legal name, address and EIN, and the organization billed, its address, PO number and tax id.",
  ...employerReceiptId,
  mediaTypes: ['application/pdf'],
  response: string(),
} as const satisfies Endpoint;
export const employerRenewJob = {
  method: 'POST',
  path: '/api/employer/jobs/:id/renewal',
  summary:
    'A renewal link of a listing that may be renewed now (its page shows the new end and the price, then Stripe Checkout); 409 with the reason otherwise.',
  ...employerListingId,
  response: EmployerRenewalLink,
} as const satisfies Endpoint;
export const employerRenewalReceipt = {
  method: 'GET',
  path: '/api/employer/renewal-receipts/:id',
  summary:
    "The printable receipt of one of the address's paid renewals, naming the publication and the organization billed as a first payment's receipt does.",
  ...employerReceiptId,
  response: EmployerReceipt,
} as const satisfies Endpoint;
/** Answers `application/pdf` (an attachment): the same renewal receipt, as a PDF. */
export const employerRenewalReceiptPdf = {
  method: 'GET',
  path: '/api/employer/renewal-receipts/:id/pdf',
  summary:
    "The receipt of one of the address's paid renewals as a PDF (an attachment): the publication's legal name, address and EIN, and the organization billed, its address, PO number and tax id.",
  ...employerReceiptId,
  mediaTypes: ['application/pdf'],
  response: string(),
} as const satisfies Endpoint;
