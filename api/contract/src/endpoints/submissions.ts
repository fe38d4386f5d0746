/** The submissions slice (api/src/submissions/): an employer's job submission, and the admin's review queue. */
import { object } from 'superstruct';
import { AdminSubmissionPage, AdminSubmissionsQuery } from '../admin-lists';
import {
  AdminSubmission,
  AdminSubmissionList,
  AmountUpdate,
  ApproveSubmission,
  ApprovedSubmission,
  IssuedPaymentLink,
  PaymentIssueId,
  PaymentsMode,
  RejectSubmission,
  RevokedPaymentLinks,
} from '../admin/submissions';
import { type Endpoint, orEmptyObject } from '../endpoint';
import { RecordId } from '../job';
import { PAYMENT_LINK_TTL_DAYS } from '../payments';
import { SubmissionPayload, SubmissionReceived } from '../submission';
import { submissionId } from './params';

export const submitJob = {
  method: 'POST',
  path: '/api/submit-job-for-review',
  summary:
    "An employer's job submission, stored for review, priced from its tier and promo code; 429 past the rate limit.",
  body: SubmissionPayload,
  humanProof: 'body',
  status: 201,
  response: SubmissionReceived,
} as const satisfies Endpoint;
export const submissions = {
  method: 'GET',
  path: '/api/admin/submissions',
  summary: 'The whole review queue, newest first.',
  response: AdminSubmissionList,
} as const satisfies Endpoint;
export const paymentsMode = {
  method: 'GET',
  path: '/api/admin/submissions/payments',
  summary: 'Whether payments go through Stripe or are marked by hand.',
  response: PaymentsMode,
} as const satisfies Endpoint;
export const submission = {
  method: 'GET',
  path: '/api/admin/submissions/:id',
  summary: 'One submission of the review queue.',
  ...submissionId,
  response: AdminSubmission,
} as const satisfies Endpoint;
export const approveSubmission = {
  method: 'POST',
  path: '/api/admin/submissions/:id/approve',
  summary:
    'pending_review to approved: e-mails a pay link, or with `useCredit` publishes at once with a Multiples credit; `updateCompany` takes the ticked company details from the submission.',
  ...submissionId,
  body: /* @__PURE__ */ orEmptyObject(ApproveSubmission),
  response: ApprovedSubmission,
} as const satisfies Endpoint;
export const rejectSubmission = {
  method: 'POST',
  path: '/api/admin/submissions/:id/reject',
  summary: 'pending_review to rejected, with an optional reason e-mailed to the employer.',
  ...submissionId,
  body: /* @__PURE__ */ orEmptyObject(RejectSubmission),
  response: AdminSubmission,
} as const satisfies Endpoint;
export const updateAmount = {
  method: 'PUT',
  path: '/api/admin/submissions/:id/amount',
  summary: 'Sets the amount owed (cents) until paid; open Checkout Sessions are expired.',
  ...submissionId,
  body: AmountUpdate,
  response: AdminSubmission,
} as const satisfies Endpoint;
export const issuePaymentLink = {
  method: 'POST',
  path: '/api/admin/submissions/:id/payment-link',
  summary: `A new pay link for an approved submission (${PAYMENT_LINK_TTL_DAYS} days); earlier links keep working until their own end (\`earlierLinksValid\` counts them).`,
  ...submissionId,
  response: IssuedPaymentLink,
} as const satisfies Endpoint;
/** Every pay link of an approved listing stops working (the e-mailed one too). */
export const revokePaymentLinks = {
  method: 'POST',
  path: '/api/admin/submissions/:id/revoke-payment-links',
  summary:
    "'Revoke links': every pay link of an approved listing stops working (410) and its open checkouts are cancelled.",
  ...submissionId,
  response: RevokedPaymentLinks,
} as const satisfies Endpoint;
export const resolvePaymentIssue = {
  method: 'POST',
  path: '/api/admin/submissions/:id/payments/:paymentId/resolve',
  summary:
    "Marks a flagged payment (refund needed, payment to review) as handled: the listing's first payment ('12') or a renewal's ('R12').",
  params: /* @__PURE__ */ object({ id: RecordId, paymentId: PaymentIssueId }),
  notFound: {
    id: 'Submission not found',
    paymentId: 'No flagged payment with this id on this submission',
  },
  response: AdminSubmission,
} as const satisfies Endpoint;
export const markPaid = {
  method: 'POST',
  path: '/api/admin/submissions/:id/mark-paid',
  summary: 'Records a payment taken outside Stripe and publishes the job.',
  ...submissionId,
  response: AdminSubmission,
} as const satisfies Endpoint;
export const adminSubmissionPage = {
  method: 'GET',
  path: '/api/admin/lists/submissions',
  summary:
    'One page of the review queue: searched, filtered, sorted, with the total and the flagged payments of the whole queue.',
  querystring: AdminSubmissionsQuery,
  response: AdminSubmissionPage,
} as const satisfies Endpoint;
