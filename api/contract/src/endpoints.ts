/**
 * Every route of the API (docs/product.md#calls), and the operators' and the shell's JSON beside it: what each
 * takes and answers. The index exports them as the `ENDPOINTS` namespace; the API registers each
 * route from its entry (api/src/platform/http/endpoint-route.ts), the front ends call them with
 * `apiFetch(ENDPOINTS.job, { params: { id } })`. One export each, so a front end bundles only the
 * structs of the endpoints it calls.
 *
 * The table is cut along the API's slices (issue 41): endpoints/<slice>.ts holds the endpoints
 * that api/src/<slice>/ serves, and this file names each of them, in the table's order (the order
 * of the published API report, etc/endpoints.api.md). An endpoint left out here is missing from
 * `ENDPOINTS`: the API's route for it does not compile, and __tests__/endpoints-assembly.test.ts
 * names it.
 */
export {
  jobList,
  recentJobs,
  recentJobLines,
  job,
  searchJobs,
  locations,
  categories,
} from './endpoints/jobs';
export { applyToJob, withdrawApplication } from './endpoints/applications';
export { organizationPage, similarJobs } from './endpoints/organizations';
export { legalPage } from './endpoints/legal';
export { site } from './endpoints/site';
export { jobView } from './endpoints/job-stats';
export { reportListing } from './endpoints/reports';
export { clientErrors } from './endpoints/client-errors';
export { humanProofChallenge } from './endpoints/human-proof';
export { submitJob } from './endpoints/submissions';
export { uploadLogo } from './endpoints/logos';
export { payPage, payCheckout, payBilling, payInvoice } from './endpoints/payments';
export { renewalPage, renewalCheckout, renewalStatus } from './endpoints/renewals';
export { checkIn, answerCheckIn } from './endpoints/check-ins';
export { stripeWebhook } from './endpoints/payments';
export {
  subscribeAlert,
  confirmAlert,
  alert,
  updateAlert,
  unsubscribeAlert,
  alertDataExport,
  alertDataDelete,
  requestAlertDataLink,
  dataLinkExport,
  dataLinkDelete,
  unsubscribeAlertOneClick,
} from './endpoints/alerts';
export {
  employerSignInLink,
  employerSignIn,
  employerSession,
  employerSignOut,
  employerListings,
  employerSubmission,
  employerEditSubmission,
  employerPayLink,
  employerUseCredit,
  employerCloseJob,
  employerReceipt,
  employerRenewJob,
  employerRenewalReceipt,
  employerReceiptPdf,
  employerRenewalReceiptPdf,
} from './endpoints/employers';
export {
  employerProposalForm,
  employerPropose,
  employerWithdrawProposal,
} from './endpoints/proposals';
export {
  employerTeam,
  employerInvite,
  employerRemoveMember,
  employerMakeOwner,
  employerLeaveTeam,
  employerTeamDomain,
  adminOrganizations,
  adminOrganization,
  adminMoveCredits,
  adminMergeOrganization,
  adminMoveListing,
  adminMergeCompany,
} from './endpoints/teams';
export {
  employerApplications,
  employerApplicationsCsv,
  employerUpdateApplication,
  employerApplicationsStatus,
  employerDeclineApplication,
  employerApplicationResume,
  employerApplicationSettings,
  employerUpdateApplicationSettings,
} from './endpoints/applications';
export {
  memberSignIn,
  memberSignOut,
  memberMe,
  memberBookmarks,
  addMemberBookmark,
  removeMemberBookmark,
  memberDataExport,
  memberDataDelete,
} from './endpoints/members';
export { memberAlerts, removeMemberAlert } from './endpoints/alerts';
export {
  login,
  loginCode,
  checkAuth,
  logout,
  twoFactor,
  twoFactorSetup,
  twoFactorEnable,
  twoFactorDisable,
  twoFactorRecoveryCodes,
} from './endpoints/admins';
export { adminJobs, adminJob } from './endpoints/jobs';
export { adminJobStats } from './endpoints/job-stats';
export { adminApplicationResume } from './endpoints/applications';
export { createJob, updateJob, deleteJob, extendJob, republishJob } from './endpoints/jobs';
export { refreshJobs, lastSync } from './endpoints/sync';
export { returnJobToSource } from './endpoints/jobs';
export { restoreSyncedJob } from './endpoints/sync';
export { submissions, paymentsMode, submission, approveSubmission } from './endpoints/submissions';
export { adminProposals, approveProposal, rejectProposal } from './endpoints/proposals';
export { adminSettings, updateSettings } from './endpoints/settings';
export {
  adminReports,
  dismissReports,
  hideReportedListing,
  restoreReportedListing,
} from './endpoints/reports';
export { adminChannels, updateChannel, socialPosts, retrySocialPost } from './endpoints/social';
export {
  newsletterPage,
  newsletterPreview,
  sendNewsletter,
  updateNewsletterSchedule,
} from './endpoints/newsletter';
export {
  rejectSubmission,
  updateAmount,
  issuePaymentLink,
  revokePaymentLinks,
  resolvePaymentIssue,
  markPaid,
} from './endpoints/submissions';
export { recordOfflinePayment } from './endpoints/payments';
export {
  promoCodes,
  createPromoCode,
  updatePromoCode,
  deletePromoCode,
} from './endpoints/promo-codes';
export { adminJobPage } from './endpoints/jobs';
export { adminSubmissionPage } from './endpoints/submissions';
export { exportJobs, exportSubmissions } from './endpoints/backoffice';
export { bulkJobs } from './endpoints/jobs';
export { jobHistory, submissionHistory, adminEmails, resendEmail } from './endpoints/backoffice';
export { adminClientErrors } from './endpoints/client-errors';
export { adminStats } from './endpoints/backoffice';
export { adminApplications, deleteAdminApplication } from './endpoints/applications';
export { health, readiness } from './endpoints/ops';
export { remotes, routes } from './endpoints/site';
export {
  openApiDocument,
  adminApiKeys,
  createApiKey,
  revokeApiKey,
  integratorListings,
  integratorSubmitListing,
} from './endpoints/integrators';
