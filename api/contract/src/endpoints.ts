import { object, string } from 'superstruct';
import {
  AdminEmail,
  AdminEmailPage,
  AdminEmailsQuery,
  AdminJobPage,
  AdminJobsQuery,
  AdminStats,
  AdminSubmissionPage,
  AdminSubmissionsQuery,
  BulkJobAction,
  BulkJobResult,
  History,
} from './admin-lists';
import {
  ADMIN_MESSAGES,
  AdminJob,
  AdminJobForm,
  AdminJobList,
  AdminJobUpdate,
  AdminLogin,
  AdminSubmission,
  AdminSubmissionList,
  AmountUpdate,
  ApproveSubmission,
  ApprovedSubmission,
  AuthState,
  ExtendListing,
  IssuedPaymentLink,
  PaymentsMode,
  PromoCode,
  PromoCodeInput,
  PromoCodeList,
  RejectSubmission,
  RevokedPaymentLinks,
  SignedIn,
} from './admin';
import {
  ALERT_MESSAGES,
  AlertSubscription,
  AlertTokenParams,
  AlertUnsubscribeQuery,
  AlertUpdate,
  AlertView,
  MemberAlerts,
} from './alerts';
import {
  Healthy,
  IdParams,
  Message,
  PayLinkParams,
  WebhookReceived,
  orEmptyObject,
  type Endpoint,
} from './endpoint';
import { Job, JobList, RecordId } from './job';
import { Member, MemberBookmarks, MemberSignIn, MemberSignedIn } from './members';
import { CheckoutStarted, PayPageView } from './payments';
import { JobListQuery, SearchRequest, SearchResponse, StringList } from './search';
import { RemotesConfig, SiteConfig } from './site';
import { SubmissionPayload, SubmissionReceived } from './submission';
import { LastSync, RefreshResult, SYNC_CONFLICT_MESSAGES } from './sync';

/**
 * Every route of the API (SPEC.md 7), and the operators' and the shell's JSON beside it: what each
 * takes and answers. The index exports them as the `ENDPOINTS` namespace; the API registers each
 * route from its entry (api/src/http/endpoint-route.ts), the front ends call them with
 * `apiFetch(ENDPOINTS.job, { params: { id } })`. One export each, so a front end bundles only the
 * structs of the endpoints it calls.
 */

const jobId = { params: IdParams, notFound: { id: 'Job not found' } } as const;
const submissionId = { params: IdParams, notFound: { id: 'Submission not found' } } as const;
const promoCodeId = { params: IdParams, notFound: { id: 'Promo code not found' } } as const;

// The public board: cached reads (api/src/jobs/public-reads.ts).
export const jobList = {
  method: 'GET',
  path: '/api/jobs',
  querystring: JobListQuery,
  response: JobList,
} as const satisfies Endpoint;
export const recentJobs = {
  method: 'GET',
  path: '/api/jobs/recent',
  response: JobList,
} as const satisfies Endpoint;
export const job = {
  method: 'GET',
  path: '/api/jobs/:id',
  ...jobId,
  response: Job,
} as const satisfies Endpoint;
export const searchJobs = {
  method: 'POST',
  path: '/api/jobs/search',
  body: /* @__PURE__ */ orEmptyObject(SearchRequest),
  response: SearchResponse,
} as const satisfies Endpoint;
export const locations = {
  method: 'GET',
  path: '/api/locations',
  response: StringList,
} as const satisfies Endpoint;
export const categories = {
  method: 'GET',
  path: '/api/categories',
  response: StringList,
} as const satisfies Endpoint;
export const site = {
  method: 'GET',
  path: '/api/site',
  response: SiteConfig,
} as const satisfies Endpoint;

// Employers.
export const submitJob = {
  method: 'POST',
  path: '/api/submit-job-for-review',
  body: SubmissionPayload,
  status: 201,
  response: SubmissionReceived,
} as const satisfies Endpoint;
export const payPage = {
  method: 'GET',
  path: '/api/pay/:token',
  params: PayLinkParams,
  response: PayPageView,
} as const satisfies Endpoint;
export const payCheckout = {
  method: 'POST',
  path: '/api/pay/:token/checkout',
  params: PayLinkParams,
  response: CheckoutStarted,
} as const satisfies Endpoint;
/** Its body is Stripe's signed bytes, checked by the signature, not by a struct. */
export const stripeWebhook = {
  method: 'POST',
  path: '/api/stripe/webhook',
  response: WebhookReceived,
} as const satisfies Endpoint;

// Job alerts (issue 17): subscribe, then the alert's own links, which work without signing in.
const alertToken = {
  params: AlertTokenParams,
  notFound: { token: ALERT_MESSAGES.linkInvalid },
} as const;
export const subscribeAlert = {
  method: 'POST',
  path: '/api/alerts',
  body: AlertSubscription,
  status: 201,
  response: Message,
} as const satisfies Endpoint;
/** A POST, not a GET: a mail scanner that opens the link does not confirm for the reader. */
export const confirmAlert = {
  method: 'POST',
  path: '/api/alerts/:token/confirm',
  params: AlertTokenParams,
  notFound: { token: ALERT_MESSAGES.confirmInvalid },
  response: AlertView,
} as const satisfies Endpoint;
export const alert = {
  method: 'GET',
  path: '/api/alerts/:token',
  ...alertToken,
  response: AlertView,
} as const satisfies Endpoint;
export const updateAlert = {
  method: 'PUT',
  path: '/api/alerts/:token',
  ...alertToken,
  body: AlertUpdate,
  response: AlertView,
} as const satisfies Endpoint;
export const unsubscribeAlert = {
  method: 'POST',
  path: '/api/alerts/:token/unsubscribe',
  ...alertToken,
  response: AlertView,
} as const satisfies Endpoint;
/**
 * The `List-Unsubscribe` URL of every alert e-mail: the unsubscribe page's own address, where a
 * GET shows the page and a mail client's POST (`List-Unsubscribe=One-Click`, RFC 8058, a form
 * body that is not read) unsubscribes at once.
 */
export const unsubscribeAlertOneClick = {
  method: 'POST',
  path: '/alerts/unsubscribe',
  querystring: AlertUnsubscribeQuery,
  response: Message,
} as const satisfies Endpoint;

// Members (signed in through Ghost): their session and their bookmarks.
export const memberSignIn = {
  method: 'POST',
  path: '/api/members/session',
  body: MemberSignIn,
  response: MemberSignedIn,
} as const satisfies Endpoint;
export const memberSignOut = {
  method: 'DELETE',
  path: '/api/members/session',
  response: Message,
} as const satisfies Endpoint;
export const memberMe = {
  method: 'GET',
  path: '/api/members/me',
  response: Member,
} as const satisfies Endpoint;
export const memberBookmarks = {
  method: 'GET',
  path: '/api/members/bookmarks',
  response: MemberBookmarks,
} as const satisfies Endpoint;
export const addMemberBookmark = {
  method: 'PUT',
  path: '/api/members/bookmarks/:id',
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const removeMemberBookmark = {
  method: 'DELETE',
  path: '/api/members/bookmarks/:id',
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
/** The alerts (issue 17) sent to the signed-in member's address, which they may remove. */
export const memberAlerts = {
  method: 'GET',
  path: '/api/members/alerts',
  response: MemberAlerts,
} as const satisfies Endpoint;
export const removeMemberAlert = {
  method: 'DELETE',
  path: '/api/members/alerts/:id',
  params: IdParams,
  notFound: { id: ALERT_MESSAGES.memberAlertNotFound },
  response: Message,
} as const satisfies Endpoint;

// Admin sign-in.
export const login = {
  method: 'POST',
  path: '/api/admin/login',
  body: AdminLogin,
  invalid: ADMIN_MESSAGES.login,
  response: SignedIn,
} as const satisfies Endpoint;
export const checkAuth = {
  method: 'GET',
  path: '/api/admin/check-auth',
  response: AuthState,
} as const satisfies Endpoint;
export const logout = {
  method: 'POST',
  path: '/api/admin/logout',
  response: Message,
} as const satisfies Endpoint;

// Admin: jobs.
export const adminJobs = {
  method: 'GET',
  path: '/api/admin/jobs',
  response: AdminJobList,
} as const satisfies Endpoint;
export const adminJob = {
  method: 'GET',
  path: '/api/admin/jobs/:id',
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
export const createJob = {
  method: 'POST',
  path: '/api/admin/jobs',
  body: AdminJobForm,
  status: 201,
  response: AdminJob,
} as const satisfies Endpoint;
/** Writes the fields given, keeps every other (AdminJobUpdate). */
export const updateJob = {
  method: 'PUT',
  path: '/api/admin/jobs/:id',
  ...jobId,
  body: AdminJobUpdate,
  response: AdminJob,
} as const satisfies Endpoint;
export const deleteJob = {
  method: 'DELETE',
  path: '/api/admin/jobs/:id',
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const extendJob = {
  method: 'POST',
  path: '/api/admin/jobs/:id/extend',
  ...jobId,
  body: ExtendListing,
  response: AdminJob,
} as const satisfies Endpoint;
export const republishJob = {
  method: 'POST',
  path: '/api/admin/jobs/:id/republish',
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
export const refreshJobs = {
  method: 'GET',
  path: '/api/refresh-jobs',
  response: RefreshResult,
} as const satisfies Endpoint;
export const lastSync = {
  method: 'GET',
  path: '/api/admin/sync/last',
  response: LastSync,
} as const satisfies Endpoint;
/**
 * A synced job an admin edited goes back to its source: the admin's changes stop outranking it,
 * and the next sync writes the source's values (409 for a job that came from no source).
 */
export const returnJobToSource = {
  method: 'POST',
  path: '/api/admin/jobs/:id/return-to-source',
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
/** A deleted synced job is forgotten as deleted: the next sync creates it again from its source. */
export const restoreSyncedJob = {
  method: 'POST',
  path: '/api/admin/sync/deleted/:id/restore',
  params: IdParams,
  notFound: { id: SYNC_CONFLICT_MESSAGES.deletionNotFound },
  response: Message,
} as const satisfies Endpoint;

// Admin: the review queue.
export const submissions = {
  method: 'GET',
  path: '/api/admin/submissions',
  response: AdminSubmissionList,
} as const satisfies Endpoint;
export const paymentsMode = {
  method: 'GET',
  path: '/api/admin/submissions/payments',
  response: PaymentsMode,
} as const satisfies Endpoint;
export const submission = {
  method: 'GET',
  path: '/api/admin/submissions/:id',
  ...submissionId,
  response: AdminSubmission,
} as const satisfies Endpoint;
export const approveSubmission = {
  method: 'POST',
  path: '/api/admin/submissions/:id/approve',
  ...submissionId,
  body: /* @__PURE__ */ orEmptyObject(ApproveSubmission),
  response: ApprovedSubmission,
} as const satisfies Endpoint;
export const rejectSubmission = {
  method: 'POST',
  path: '/api/admin/submissions/:id/reject',
  ...submissionId,
  body: /* @__PURE__ */ orEmptyObject(RejectSubmission),
  response: AdminSubmission,
} as const satisfies Endpoint;
export const updateAmount = {
  method: 'PUT',
  path: '/api/admin/submissions/:id/amount',
  ...submissionId,
  body: AmountUpdate,
  response: AdminSubmission,
} as const satisfies Endpoint;
export const issuePaymentLink = {
  method: 'POST',
  path: '/api/admin/submissions/:id/payment-link',
  ...submissionId,
  response: IssuedPaymentLink,
} as const satisfies Endpoint;
/** Every pay link of an approved listing stops working (the e-mailed one too). */
export const revokePaymentLinks = {
  method: 'POST',
  path: '/api/admin/submissions/:id/revoke-payment-links',
  ...submissionId,
  response: RevokedPaymentLinks,
} as const satisfies Endpoint;
export const resolvePaymentIssue = {
  method: 'POST',
  path: '/api/admin/submissions/:id/payments/:paymentId/resolve',
  params: /* @__PURE__ */ object({ id: RecordId, paymentId: RecordId }),
  notFound: {
    id: 'Submission not found',
    paymentId: 'No flagged payment with this id on this submission',
  },
  response: AdminSubmission,
} as const satisfies Endpoint;
export const markPaid = {
  method: 'POST',
  path: '/api/admin/submissions/:id/mark-paid',
  ...submissionId,
  response: AdminSubmission,
} as const satisfies Endpoint;

// Admin: job alerts.

// Admin: promo codes.
export const promoCodes = {
  method: 'GET',
  path: '/api/admin/promo-codes',
  response: PromoCodeList,
} as const satisfies Endpoint;
export const createPromoCode = {
  method: 'POST',
  path: '/api/admin/promo-codes',
  body: PromoCodeInput,
  status: 201,
  response: PromoCode,
} as const satisfies Endpoint;
export const updatePromoCode = {
  method: 'PUT',
  path: '/api/admin/promo-codes/:id',
  ...promoCodeId,
  body: PromoCodeInput,
  response: PromoCode,
} as const satisfies Endpoint;
export const deletePromoCode = {
  method: 'DELETE',
  path: '/api/admin/promo-codes/:id',
  ...promoCodeId,
  response: Message,
} as const satisfies Endpoint;

// Admin at scale (issue 16): paged views, bulk actions, exports, history, e-mail, numbers.
export const adminJobPage = {
  method: 'GET',
  path: '/api/admin/lists/jobs',
  querystring: AdminJobsQuery,
  response: AdminJobPage,
} as const satisfies Endpoint;
export const adminSubmissionPage = {
  method: 'GET',
  path: '/api/admin/lists/submissions',
  querystring: AdminSubmissionsQuery,
  response: AdminSubmissionPage,
} as const satisfies Endpoint;
/** Answers `text/csv` (an attachment): every job of the view the query names, all pages. */
export const exportJobs = {
  method: 'GET',
  path: '/api/admin/exports/jobs.csv',
  querystring: AdminJobsQuery,
  response: string(),
} as const satisfies Endpoint;
/** Answers `text/csv` (an attachment): the submissions of the view, with their payments. */
export const exportSubmissions = {
  method: 'GET',
  path: '/api/admin/exports/submissions.csv',
  querystring: AdminSubmissionsQuery,
  response: string(),
} as const satisfies Endpoint;
export const bulkJobs = {
  method: 'POST',
  path: '/api/admin/jobs/bulk',
  body: BulkJobAction,
  response: BulkJobResult,
} as const satisfies Endpoint;
export const jobHistory = {
  method: 'GET',
  path: '/api/admin/jobs/:id/history',
  ...jobId,
  response: History,
} as const satisfies Endpoint;
export const submissionHistory = {
  method: 'GET',
  path: '/api/admin/submissions/:id/history',
  ...submissionId,
  response: History,
} as const satisfies Endpoint;
export const adminEmails = {
  method: 'GET',
  path: '/api/admin/emails',
  querystring: AdminEmailsQuery,
  response: AdminEmailPage,
} as const satisfies Endpoint;
export const resendEmail = {
  method: 'POST',
  path: '/api/admin/emails/:id/resend',
  params: IdParams,
  notFound: { id: 'E-mail not found' },
  response: AdminEmail,
} as const satisfies Endpoint;
export const adminStats = {
  method: 'GET',
  path: '/api/admin/stats',
  response: AdminStats,
} as const satisfies Endpoint;

// Outside /api: the operators' probes and the shell's remotes.
export const health = {
  method: 'GET',
  path: '/healthz',
  response: Healthy,
} as const satisfies Endpoint;
export const readiness = {
  method: 'GET',
  path: '/readyz',
  response: Healthy,
} as const satisfies Endpoint;
export const remotes = {
  method: 'GET',
  path: '/remotes.json',
  response: RemotesConfig,
} as const satisfies Endpoint;
