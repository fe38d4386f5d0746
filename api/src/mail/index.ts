/**
 * The mail slice's face: what other slices may import from it (the lint refuses an import of
 * any other file of this folder from outside it). Its plugin puts its services on `app`.
 */
export {
  APPLICATION_CONFIRMATION_TEMPLATE,
  APPLICATION_RECEIVED_TEMPLATE,
  APPLICATION_RELAYED_TEMPLATE,
  applicationConfirmationEmail,
  applicationReceivedEmail,
  applicationRelayedEmail,
} from './application-emails';
export type { SentApplication } from './application-emails';
export { APPLICATION_DIGEST_TEMPLATE, applicationDigestEmail } from './application-digest-email';
export type { DigestListing } from './application-digest-email';
export {
  APPLICATION_DECLINED_TEMPLATE,
  applicationDeclinedEmail,
} from './application-decline-email';
export { APPLY_LINK_FLAGGED_TEMPLATE, applyLinkFlaggedEmail } from './apply-link-emails';
export { MailAttachments } from './attachments';
export { CODE_GUESSING_TEMPLATE, codeGuessingEmail } from './admin-emails';
export {
  CHECK_IN_CLOSED_TEMPLATE,
  CHECK_IN_TEMPLATE,
  checkInClosedEmail,
  checkInEmail,
} from './check-in-emails';
export {
  ALERT_CONFIRM_TEMPLATE,
  alertConfirmationEmail,
  alertDigestEmail,
  dataLinkEmail,
} from './alert-emails';
export { TEAM_INVITE_TEMPLATE, employerSignInEmail, teamInviteEmail } from './employer-emails';
export type { Outbox, OutboxListRow } from './outbox';
export { jobLiveEmail, paymentNeedsReviewEmail } from './payment-emails';
export { proposalDecidedEmail } from './proposal-emails';
export { REPORT_OUTCOME_TEMPLATE, reportOutcomeEmail } from './report-emails';
export { jobRenewedEmail, renewalNeedsReviewEmail, renewalReminderEmail } from './renewal-emails';
export {
  approvalEmail,
  copyableApprovalEmail,
  publishedWithCreditEmail,
  rejectionEmail,
} from './review-emails';
export type { EmailSite } from './review-emails';
export {
  SUBMISSION_RECEIVED_TEMPLATE,
  newSubmissionEmail,
  submissionReceivedEmail,
} from './submission-emails';
