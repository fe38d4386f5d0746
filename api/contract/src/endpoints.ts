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
  EXTEND_DAYS,
  ExtendListing,
  History,
  MAX_BULK_JOBS,
  REVENUE_MONTHS,
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
  PaymentIssueId,
  ApproveSubmission,
  ApprovedSubmission,
  AuthState,
  DisableTwoFactor,
  IssuedPaymentLink,
  PaymentsMode,
  PromoCode,
  PromoCodeInput,
  PromoCodeList,
  RecoveryCodes,
  RejectSubmission,
  RevokedPaymentLinks,
  SignedIn,
  TWO_FACTOR_MESSAGES,
  TwoFactorCode,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from './admin';
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  AlertDataExport,
  AlertSubscription,
  AlertTokenParams,
  AlertUnsubscribeQuery,
  AlertUpdate,
  AlertView,
  MemberAlerts,
} from './alerts';
import { AdminClientErrors, CLIENT_ERROR_LIMITS, ClientErrorReport } from './client-errors';
import {
  Healthy,
  Ready,
  IdParams,
  Message,
  NoContent,
  PayLinkParams,
  WebhookReceived,
  orEmptyObject,
  type Endpoint,
} from './endpoint';
import { RECENT_DAYS, TOTAL_COUNT_CAP } from './choices';
import { Job, JobList, RecentJobLines, RecordId } from './job';
import { LegalPageParams, LegalPageView } from './legal';
import {
  EMPLOYER_LIMITS,
  EMPLOYER_MESSAGES,
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
} from './employer';
import { JOB_STATS_DAYS, JobStats } from './job-stats';
import {
  AdminProposalList,
  AdminSettings,
  AdminSettingsUpdate,
  JobProposalForm,
  PROPOSAL_MESSAGES,
  ProposalSaved,
  RejectProposal,
  TYPO_FIX_LIMITS,
} from './proposals';
import {
  MAX_MEMBER_BOOKMARKS,
  Member,
  MemberBookmarks,
  MemberDataExport,
  MemberSignIn,
  MemberSignedIn,
} from './members';
import { CheckoutStarted, PAYMENT_LINK_TTL_DAYS, PayPageView } from './payments';
import {
  RENEWAL_LINK_TTL_DAYS,
  RENEWAL_WINDOW,
  RenewalPageView,
  RenewalSessionParams,
  RenewalStatus,
} from './renewals';
import { RouteTable } from './routes';
import { JobListQuery, SearchRequest, SearchResponse, StringList } from './search';
import { RemotesConfig, SiteConfig } from './site';
import { LogoUploaded } from './logo-upload';
import { SubmissionForm, SubmissionPayload, SubmissionReceived } from './submission';
import { LastSync, RefreshResult, SYNC_CONFLICT_MESSAGES } from './sync';

/**
 * Every route of the API (docs/product.md#calls), and the operators' and the shell's JSON beside it: what each
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
  summary:
    'One page of the public jobs (active, not ended), featured first, newest first; `X-Total-Count` and `Link` headers give the total and the next page.',
  querystring: JobListQuery,
  response: JobList,
} as const satisfies Endpoint;
export const recentJobs = {
  method: 'GET',
  path: '/api/jobs/recent',
  summary: `The public jobs posted in the last ${RECENT_DAYS} days, newest first: the recent job list.`,
  response: JobList,
} as const satisfies Endpoint;
export const recentJobLines = {
  method: 'GET',
  path: '/api/jobs/recent/lines',
  summary:
    'The recent list as the page shows it: the jobs of `GET /api/jobs/recent`, in its order, each with only its id, title, company name, locations, categories, application URL and posted date.',
  response: RecentJobLines,
} as const satisfies Endpoint;
export const job = {
  method: 'GET',
  path: '/api/jobs/:id',
  summary: 'One job for its page or modal; an ended job is still answered, marked `expired: true`.',
  ...jobId,
  response: Job,
} as const satisfies Endpoint;
export const searchJobs = {
  method: 'POST',
  path: '/api/jobs/search',
  summary: `One page of the public jobs matching the filter object, sorted as asked, with the total (counted up to ${TOTAL_COUNT_CAP}: \`totalExact\`) and \`next\`, where the next page starts: sent back as \`after\` (with the next \`page\`), the next page is read by a seek from there, as cheap at page 1,000 as at page 2, instead of past every row before it. A damaged cursor, or one of another sort order, is a 400.`,
  body: /* @__PURE__ */ orEmptyObject(SearchRequest),
  response: SearchResponse,
} as const satisfies Endpoint;
export const locations = {
  method: 'GET',
  path: '/api/locations',
  summary: 'The locations of the public jobs, alphabetical: the Location filter.',
  response: StringList,
} as const satisfies Endpoint;
export const categories = {
  method: 'GET',
  path: '/api/categories',
  summary: 'The categories of the public jobs, alphabetical: the Category filter.',
  response: StringList,
} as const satisfies Endpoint;
export const legalPage = {
  method: 'GET',
  path: '/api/pages/:slug',
  summary:
    "One of the publication's legal pages (privacy, terms, refunds): its title and its Markdown rendered as HTML.",
  params: LegalPageParams,
  notFound: { slug: 'Page not found' },
  response: LegalPageView,
} as const satisfies Endpoint;
export const site = {
  method: 'GET',
  path: '/api/site',
  summary: "The publication's names, addresses and links (header, footer, hero, membership).",
  response: SiteConfig,
} as const satisfies Endpoint;

// The numbers that show a listing worked (api/src/job-stats/).
export const jobView = {
  method: 'POST',
  path: '/api/jobs/:id/view',
  summary:
    'A view of a live job (its modal or its page; the board sends it with navigator.sendBeacon): counted once per visitor and UTC day, known bots not; no body, no cookie. 204 whether or not it counted.',
  ...jobId,
  status: 204,
  response: NoContent,
} as const satisfies Endpoint;

// What the shell reports about the remotes it loads (docs/frontend-delivery.md#the-load-time-check).
export const clientErrors = {
  method: 'POST',
  path: '/api/client-errors',
  summary: `A remote the shell did not load (its release does not fit), could not load, or whose page crashed: logged and counted; 429 past one client's rate limit (docs/configuration.md#rate-limits).`,
  body: ClientErrorReport,
  status: 204,
  response: NoContent,
} as const satisfies Endpoint;

// Employers.
export const submitJob = {
  method: 'POST',
  path: '/api/submit-job-for-review',
  summary:
    "An employer's job submission, stored for review, priced from its tier and promo code; 429 past the rate limit.",
  body: SubmissionPayload,
  status: 201,
  response: SubmissionReceived,
} as const satisfies Endpoint;
/**
 * The submission form's logo file: the raw bytes with `Content-Type: image/png`, `image/jpeg` or
 * `image/webp` (at most 1 MB; not JSON, so no `body` struct), re-encoded and stored by hash.
 */
export const uploadLogo = {
  method: 'POST',
  path: '/api/logos',
  summary:
    "A logo file for a submission (PNG, JPEG or WebP bytes, at most 1 MB), re-encoded as a PNG within 256 px and stored by hash; answers its /logos/<hash>.png path; 429 past the submissions' rate limit.",
  status: 201,
  response: LogoUploaded,
} as const satisfies Endpoint;
export const payPage = {
  method: 'GET',
  path: '/api/pay/:token',
  summary:
    "What a pay link's page shows: the listing, its tier, the amount due after any promo code and until when the link works.",
  params: PayLinkParams,
  response: PayPageView,
} as const satisfies Endpoint;
export const payCheckout = {
  method: 'POST',
  path: '/api/pay/:token/checkout',
  summary:
    'Starts a Stripe Checkout Session for the amount owed now and answers its URL; 503 while Stripe cannot be reached.',
  params: PayLinkParams,
  response: CheckoutStarted,
} as const satisfies Endpoint;
export const renewalPage = {
  method: 'GET',
  path: '/api/renewals/:token',
  summary: `What a renewal link's page shows: the listing, its current and new end and the tier's price, or why it cannot be renewed now (from ${RENEWAL_WINDOW.daysBeforeEnd} days before its end to ${RENEWAL_WINDOW.daysAfterEnd} days after); 410 once the link is ${RENEWAL_LINK_TTL_DAYS} days old.`,
  params: PayLinkParams,
  response: RenewalPageView,
} as const satisfies Endpoint;
export const renewalCheckout = {
  method: 'POST',
  path: '/api/renewals/:token/checkout',
  summary:
    "Starts a Stripe Checkout Session for the renewal at the tier's price and answers its URL; 409 with the reason when the listing cannot be renewed now, 410 once the link has expired, 503 while Stripe cannot be reached.",
  params: PayLinkParams,
  response: CheckoutStarted,
} as const satisfies Endpoint;
export const renewalStatus = {
  method: 'GET',
  path: '/api/renewals/:token/sessions/:sessionId',
  summary:
    "The renewal page's return: whether the payment of that Checkout Session has arrived, and the listing's end now.",
  params: RenewalSessionParams,
  response: RenewalStatus,
} as const satisfies Endpoint;
/** Its body is Stripe's signed bytes, checked by the signature, not by a struct. */
export const stripeWebhook = {
  method: 'POST',
  path: '/api/stripe/webhook',
  summary:
    "Stripe's signed deliveries: a paid session this site created for a listing, for exactly the amount owed, publishes it (once per event).",
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
  summary:
    'Follow a board search by e-mail: sends the confirmation link (double opt-in) and answers what to do next.',
  body: AlertSubscription,
  status: 201,
  response: Message,
} as const satisfies Endpoint;
/** A POST, not a GET: a mail scanner that opens the link does not confirm for the reader. */
export const confirmAlert = {
  method: 'POST',
  path: '/api/alerts/:token/confirm',
  summary: `The confirmation link of an alert: the alert starts. Works once, for ${ALERT_LIMITS.confirmHours} hours.`,
  params: AlertTokenParams,
  notFound: { token: ALERT_MESSAGES.confirmInvalid },
  response: AlertView,
} as const satisfies Endpoint;
export const alert = {
  method: 'GET',
  path: '/api/alerts/:token',
  summary: 'An alert as its manage page shows it, by the token of its links.',
  ...alertToken,
  response: AlertView,
} as const satisfies Endpoint;
export const updateAlert = {
  method: 'PUT',
  path: '/api/alerts/:token',
  summary: 'Change how often an alert sends (daily or weekly).',
  ...alertToken,
  body: AlertUpdate,
  response: AlertView,
} as const satisfies Endpoint;
export const unsubscribeAlert = {
  method: 'POST',
  path: '/api/alerts/:token/unsubscribe',
  summary: 'Stop an alert (the unsubscribe and manage pages).',
  ...alertToken,
  response: AlertView,
} as const satisfies Endpoint;
/**
 * 'Download my data' from an alert's manage page: every alert of the link's address. A POST (the
 * page's button), so a mail scanner or a proxy that opens a link is handed nothing.
 */
export const alertDataExport = {
  method: 'POST',
  path: '/api/alerts/:token/data',
  summary:
    "Every job alert of the link's address as JSON (the manage page's 'Download my data'; a POST, never a GET).",
  ...alertToken,
  response: AlertDataExport,
} as const satisfies Endpoint;
export const alertDataDelete = {
  method: 'DELETE',
  path: '/api/alerts/:token/data',
  summary:
    "Delete every job alert of the link's address, in any state (the manage page's 'Delete my data'); the link stops working.",
  ...alertToken,
  response: Message,
} as const satisfies Endpoint;
/**
 * The `List-Unsubscribe` URL of every alert e-mail: the unsubscribe page's own address, where a
 * GET shows the page and a mail client's POST (`List-Unsubscribe=One-Click`, RFC 8058, a form
 * body that is not read) unsubscribes at once.
 */
export const unsubscribeAlertOneClick = {
  method: 'POST',
  path: '/alerts/unsubscribe',
  summary:
    "RFC 8058 one-click unsubscribe: each alert e-mail's `List-Unsubscribe` URL, one request (a GET of it is the unsubscribe page, which changes nothing until its button is pressed).",
  querystring: AlertUnsubscribeQuery,
  response: Message,
} as const satisfies Endpoint;

// Employers (issue 30): no accounts; an e-mailed sign-in link opens their own page.
export const employerSignInLink = {
  method: 'POST',
  path: '/api/employer/sign-in-link',
  summary: `Sends a sign-in link (single use, ${EMPLOYER_LIMITS.linkMinutes} minutes) to an address that has listings; the same answer (202) for any address.`,
  body: EmployerLinkRequest,
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
const employerListing = {
  params: IdParams,
  notFound: { id: EMPLOYER_MESSAGES.listingNotFound },
} as const;
export const employerSubmission = {
  method: 'GET',
  path: '/api/employer/submissions/:id',
  summary: "One of the address's submissions as the submission form edits it.",
  ...employerListing,
  response: SubmissionForm,
} as const satisfies Endpoint;
export const employerEditSubmission = {
  method: 'PUT',
  path: '/api/employer/submissions/:id',
  summary:
    "Edit a submission before approval (validated like submitting); it returns to the review queue marked 'edited'. 409 once approved.",
  ...employerListing,
  body: SubmissionPayload,
  response: EmployerListing,
} as const satisfies Endpoint;
export const employerPayLink = {
  method: 'POST',
  path: '/api/employer/submissions/:id/pay-link',
  summary:
    'A fresh pay link for an approved listing awaiting payment (the links sent before keep working).',
  ...employerListing,
  response: EmployerPayLink,
} as const satisfies Endpoint;
export const employerCloseJob = {
  method: 'POST',
  path: '/api/employer/jobs/:id/close',
  summary:
    'Mark a live job filled or closed: off the board, feeds and sitemap at once; kept for the record, with the reason in its history.',
  params: IdParams,
  notFound: { id: EMPLOYER_MESSAGES.listingNotFound },
  body: EmployerClose,
  response: EmployerListing,
} as const satisfies Endpoint;
export const employerReceipt = {
  method: 'GET',
  path: '/api/employer/receipts/:id',
  summary: "The printable receipt of one of the address's payments.",
  params: IdParams,
  notFound: { id: EMPLOYER_MESSAGES.receiptNotFound },
  response: EmployerReceipt,
} as const satisfies Endpoint;
export const employerRenewJob = {
  method: 'POST',
  path: '/api/employer/jobs/:id/renewal',
  summary:
    'A renewal link of a listing that may be renewed now (its page shows the new end and the price, then Stripe Checkout); 409 with the reason otherwise.',
  params: IdParams,
  notFound: { id: EMPLOYER_MESSAGES.listingNotFound },
  response: EmployerRenewalLink,
} as const satisfies Endpoint;
export const employerRenewalReceipt = {
  method: 'GET',
  path: '/api/employer/renewal-receipts/:id',
  summary: "The printable receipt of one of the address's paid renewals.",
  params: IdParams,
  notFound: { id: EMPLOYER_MESSAGES.receiptNotFound },
  response: EmployerReceipt,
} as const satisfies Endpoint;

const employerJob = {
  params: IdParams,
  notFound: { id: EMPLOYER_MESSAGES.listingNotFound },
} as const;
export const employerProposalForm = {
  method: 'GET',
  path: '/api/employer/jobs/:id/proposal',
  summary:
    "The form of changes to a live job of the address: the pending proposal's values, or the job's as it is.",
  ...employerJob,
  response: JobProposalForm,
} as const satisfies Endpoint;
export const employerPropose = {
  method: 'POST',
  path: '/api/employer/jobs/:id/proposal',
  summary:
    "Propose changes to a live job (validated like submitting): stored for the admin's review, replacing a pending one; with the admin's setting on, a typo-sized change of a long text goes live at once. 409 for a job not on the board.",
  ...employerJob,
  body: JobProposalForm,
  response: ProposalSaved,
} as const satisfies Endpoint;
export const employerWithdrawProposal = {
  method: 'DELETE',
  path: '/api/employer/jobs/:id/proposal',
  summary: "Withdraw the job's pending proposal (404 when none is pending).",
  ...employerJob,
  response: Message,
} as const satisfies Endpoint;

// Members (signed in through Ghost): their session and their bookmarks.
export const memberSignIn = {
  method: 'POST',
  path: '/api/members/session',
  summary:
    "Signs a Ghost member in with Ghost's identity token and merges this browser's bookmarks into theirs.",
  body: MemberSignIn,
  response: MemberSignedIn,
} as const satisfies Endpoint;
export const memberSignOut = {
  method: 'DELETE',
  path: '/api/members/session',
  summary: 'Ends the member session.',
  response: Message,
} as const satisfies Endpoint;
export const memberMe = {
  method: 'GET',
  path: '/api/members/me',
  summary: 'Who is signed in as a member.',
  response: Member,
} as const satisfies Endpoint;
export const memberBookmarks = {
  method: 'GET',
  path: '/api/members/bookmarks',
  summary: "The member's bookmarks, oldest first, and which of them the board no longer lists.",
  response: MemberBookmarks,
} as const satisfies Endpoint;
export const addMemberBookmark = {
  method: 'PUT',
  path: '/api/members/bookmarks/:id',
  summary: `Bookmark a public job for the member (idempotent; 409 past ${MAX_MEMBER_BOOKMARKS} bookmarks).`,
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const removeMemberBookmark = {
  method: 'DELETE',
  path: '/api/members/bookmarks/:id',
  summary: 'Remove a bookmark of the member (idempotent).',
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const memberDataExport = {
  method: 'GET',
  path: '/api/members/data',
  summary:
    "'Download my data': the member's record, bookmarks and the job alerts of their e-mail address, as JSON.",
  response: MemberDataExport,
} as const satisfies Endpoint;
export const memberDataDelete = {
  method: 'DELETE',
  path: '/api/members/data',
  summary:
    "'Delete my data': the member's record, sessions, bookmarks and the job alerts of their e-mail address; signs them out.",
  response: Message,
} as const satisfies Endpoint;
/** The alerts (issue 17) sent to the signed-in member's address, which they may remove. */
export const memberAlerts = {
  method: 'GET',
  path: '/api/members/alerts',
  summary: "The job alerts of the member's address, pending and confirmed, newest first.",
  response: MemberAlerts,
} as const satisfies Endpoint;
export const removeMemberAlert = {
  method: 'DELETE',
  path: '/api/members/alerts/:id',
  summary: "Unsubscribe one of the member's alerts.",
  params: IdParams,
  notFound: { id: ALERT_MESSAGES.memberAlertNotFound },
  response: Message,
} as const satisfies Endpoint;

// Admin sign-in.
export const login = {
  method: 'POST',
  path: '/api/admin/login',
  summary:
    "Admin sign-in: a new session; throttled per username and address (429 with `Retry-After`). `next: 'code'`: the admin has two-factor sign-in and the session has no admin access until `POST /api/admin/login/code`; `next: 'enrol'`: ADMIN_2FA=required and the admin must set it up first.",
  body: AdminLogin,
  invalid: ADMIN_MESSAGES.login,
  response: SignedIn,
} as const satisfies Endpoint;
export const loginCode = {
  method: 'POST',
  path: '/api/admin/login/code',
  summary:
    "Admin sign-in's second step: a one-time code from the admin's app (each accepted once) or a recovery code (each once) completes the session; throttled with the password, per username and address.",
  body: TwoFactorCode,
  invalid: TWO_FACTOR_MESSAGES.codeRequired,
  response: SignedIn,
} as const satisfies Endpoint;
export const checkAuth = {
  method: 'GET',
  path: '/api/admin/check-auth',
  summary: 'Who is signed in as an admin (401 when nobody is).',
  response: AuthState,
} as const satisfies Endpoint;
export const logout = {
  method: 'POST',
  path: '/api/admin/logout',
  summary: 'Ends the admin session.',
  response: Message,
} as const satisfies Endpoint;

// Admin: the signed-in admin's two-factor sign-in (the security page).
export const twoFactor = {
  method: 'GET',
  path: '/api/admin/two-factor',
  summary:
    "The signed-in admin's two-factor state: on or off, required or not, recovery codes left.",
  response: TwoFactorStatus,
} as const satisfies Endpoint;
export const twoFactorSetup = {
  method: 'POST',
  path: '/api/admin/two-factor/setup',
  summary:
    'Starts enrolment: a new secret, as text, as an otpauth:// address and as a QR code (SVG); 409 when two-factor sign-in is already on.',
  response: TwoFactorEnrolment,
} as const satisfies Endpoint;
export const twoFactorEnable = {
  method: 'POST',
  path: '/api/admin/two-factor/enable',
  summary:
    'Confirms enrolment with a code from the new secret: two-factor sign-in is on, and the answer holds ten recovery codes, shown this once (stored hashed).',
  body: TwoFactorCode,
  invalid: TWO_FACTOR_MESSAGES.enrolCode,
  response: RecoveryCodes,
} as const satisfies Endpoint;
export const twoFactorDisable = {
  method: 'POST',
  path: '/api/admin/two-factor/disable',
  summary:
    'Turns two-factor sign-in off, given a current code or the password (throttled like sign-in); 409 when ADMIN_2FA=required.',
  body: DisableTwoFactor,
  invalid: TWO_FACTOR_MESSAGES.disableProof,
  response: Message,
} as const satisfies Endpoint;
export const twoFactorRecoveryCodes = {
  method: 'POST',
  path: '/api/admin/two-factor/recovery-codes',
  summary:
    'New recovery codes, given a current code (throttled like sign-in): the old ones stop working; shown this once.',
  body: TwoFactorCode,
  invalid: TWO_FACTOR_MESSAGES.enrolCode,
  response: RecoveryCodes,
} as const satisfies Endpoint;

// Admin: jobs.
export const adminJobs = {
  method: 'GET',
  path: '/api/admin/jobs',
  summary: 'Every job, inactive and ended ones too, as the admin sees it.',
  response: AdminJobList,
} as const satisfies Endpoint;
export const adminJob = {
  method: 'GET',
  path: '/api/admin/jobs/:id',
  summary: 'One job as the admin sees it (with its source and the fields edited here).',
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
export const adminJobStats = {
  method: 'GET',
  path: '/api/admin/jobs/:id/stats',
  summary: `A job's views and apply clicks over the last ${JOB_STATS_DAYS} UTC days (today's so far included), oldest first, zeros filled, with their totals.`,
  ...jobId,
  response: JobStats,
} as const satisfies Endpoint;
export const createJob = {
  method: 'POST',
  path: '/api/admin/jobs',
  summary: "Creates a job from the admin's job form.",
  body: AdminJobForm,
  status: 201,
  response: AdminJob,
} as const satisfies Endpoint;
/** Writes the fields given, keeps every other (AdminJobUpdate). */
export const updateJob = {
  method: 'PUT',
  path: '/api/admin/jobs/:id',
  summary: 'Writes the fields given and keeps every other; each change goes into the audit trail.',
  ...jobId,
  body: AdminJobUpdate,
  response: AdminJob,
} as const satisfies Endpoint;
export const deleteJob = {
  method: 'DELETE',
  path: '/api/admin/jobs/:id',
  summary: 'Deletes a job; a synced one is remembered so that the source does not create it again.',
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const extendJob = {
  method: 'POST',
  path: '/api/admin/jobs/:id/extend',
  summary: `Keeps a listing up longer: its end (or today, once ended) plus ${EXTEND_DAYS} days, as a bulk extend does. The body's \`days\` is deprecated: ${EXTEND_DAYS} is taken, any other number refused (400).`,
  ...jobId,
  body: ExtendListing,
  response: AdminJob,
} as const satisfies Endpoint;
export const republishJob = {
  method: 'POST',
  path: '/api/admin/jobs/:id/republish',
  summary: 'Puts an ended or switched-off job live again, dated today.',
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
export const refreshJobs = {
  method: 'GET',
  path: '/api/refresh-jobs',
  summary:
    'Re-syncs the jobs from the configured source (Airtable or a JSON feed) and reports the counts; 409 while a sync runs, 502 when the source fails.',
  response: RefreshResult,
} as const satisfies Endpoint;
export const lastSync = {
  method: 'GET',
  path: '/api/admin/sync/last',
  summary:
    "The configured source's name and its last sync: counts, skipped records, conflicts still open, or the failure.",
  response: LastSync,
} as const satisfies Endpoint;
/**
 * A synced job an admin edited goes back to its source: the admin's changes stop outranking it,
 * and the next sync writes the source's values (409 for a job that came from no source).
 */
export const returnJobToSource = {
  method: 'POST',
  path: '/api/admin/jobs/:id/return-to-source',
  summary:
    "A synced job edited here goes back to its source: the next sync writes the source's values.",
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
/** A deleted synced job is forgotten as deleted: the next sync creates it again from its source. */
export const restoreSyncedJob = {
  method: 'POST',
  path: '/api/admin/sync/deleted/:id/restore',
  summary: 'A deleted synced job may be created again by the next sync.',
  params: IdParams,
  notFound: { id: SYNC_CONFLICT_MESSAGES.deletionNotFound },
  response: Message,
} as const satisfies Endpoint;

// Admin: the review queue.
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
// Proposals of changes to live jobs (issue 30) and the admin's settings.
const proposalId = {
  params: IdParams,
  notFound: { id: PROPOSAL_MESSAGES.proposalNotFound },
} as const;
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
export const adminSettings = {
  method: 'GET',
  path: '/api/admin/settings',
  summary: "The admins' settings (the employers' typo fixes without review).",
  response: AdminSettings,
} as const satisfies Endpoint;
export const updateSettings = {
  method: 'PUT',
  path: '/api/admin/settings',
  summary: `Changes the settings given. employerTypoFixes: a proposal changing only long texts by at most ${TYPO_FIX_LIMITS.maxChars} characters goes live at once.`,
  body: AdminSettingsUpdate,
  response: AdminSettings,
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

// Admin: job alerts.

// Admin: promo codes.
export const promoCodes = {
  method: 'GET',
  path: '/api/admin/promo-codes',
  summary: 'Every promo code with its redemptions.',
  response: PromoCodeList,
} as const satisfies Endpoint;
export const createPromoCode = {
  method: 'POST',
  path: '/api/admin/promo-codes',
  summary: 'Creates a promo code: a percentage or an amount off, dates, a redemption limit.',
  body: PromoCodeInput,
  status: 201,
  response: PromoCode,
} as const satisfies Endpoint;
export const updatePromoCode = {
  method: 'PUT',
  path: '/api/admin/promo-codes/:id',
  summary: 'Changes a promo code.',
  ...promoCodeId,
  body: PromoCodeInput,
  response: PromoCode,
} as const satisfies Endpoint;
export const deletePromoCode = {
  method: 'DELETE',
  path: '/api/admin/promo-codes/:id',
  summary: 'Deletes a promo code.',
  ...promoCodeId,
  response: Message,
} as const satisfies Endpoint;

// Admin at scale (issue 16): paged views, bulk actions, exports, history, e-mail, numbers.
export const adminJobPage = {
  method: 'GET',
  path: '/api/admin/lists/jobs',
  summary:
    "One page of the dashboard's jobs list: searched, filtered, sorted, with the total of the view.",
  querystring: AdminJobsQuery,
  response: AdminJobPage,
} as const satisfies Endpoint;
export const adminSubmissionPage = {
  method: 'GET',
  path: '/api/admin/lists/submissions',
  summary:
    'One page of the review queue: searched, filtered, sorted, with the total and the flagged payments of the whole queue.',
  querystring: AdminSubmissionsQuery,
  response: AdminSubmissionPage,
} as const satisfies Endpoint;
/** Answers `text/csv` (an attachment): every job of the view the query names, all pages. */
export const exportJobs = {
  method: 'GET',
  path: '/api/admin/exports/jobs.csv',
  summary: 'Every job of the view as CSV (all pages).',
  querystring: AdminJobsQuery,
  response: string(),
} as const satisfies Endpoint;
/** Answers `text/csv` (an attachment): the submissions of the view, with their payments. */
export const exportSubmissions = {
  method: 'GET',
  path: '/api/admin/exports/submissions.csv',
  summary: 'Every submission of the view as CSV, with its payments.',
  querystring: AdminSubmissionsQuery,
  response: string(),
} as const satisfies Endpoint;
export const bulkJobs = {
  method: 'POST',
  path: '/api/admin/jobs/bulk',
  summary: `One action (deactivate, activate, extend ${EXTEND_DAYS} days, delete) on up to ${MAX_BULK_JOBS} jobs, all or none.`,
  body: BulkJobAction,
  response: BulkJobResult,
} as const satisfies Endpoint;
export const jobHistory = {
  method: 'GET',
  path: '/api/admin/jobs/:id/history',
  summary:
    "A job's timeline: creation and every change with who, when and each field's old and new value.",
  ...jobId,
  response: History,
} as const satisfies Endpoint;
export const submissionHistory = {
  method: 'GET',
  path: '/api/admin/submissions/:id/history',
  summary: "A submission's timeline: review, payment, publication and its e-mails.",
  ...submissionId,
  response: History,
} as const satisfies Endpoint;
export const adminEmails = {
  method: 'GET',
  path: '/api/admin/emails',
  summary: "One page of the outbox with each message's state.",
  querystring: AdminEmailsQuery,
  response: AdminEmailPage,
} as const satisfies Endpoint;
export const resendEmail = {
  method: 'POST',
  path: '/api/admin/emails/:id/resend',
  summary:
    'Queues a failed e-mail again (409 with the reason for one that carried a pay link or a job-alert confirmation link, or a job-alert e-mail whose alert has since been unsubscribed).',
  params: IdParams,
  notFound: { id: 'E-mail not found' },
  response: AdminEmail,
} as const satisfies Endpoint;
export const adminClientErrors = {
  method: 'GET',
  path: '/api/admin/client-errors',
  summary: `What the browsers reported about the remotes to this API process since it started: the count of each kind and app, and the latest ${CLIENT_ERROR_LIMITS.kept} reports, newest first.`,
  response: AdminClientErrors,
} as const satisfies Endpoint;
export const adminStats = {
  method: 'GET',
  path: '/api/admin/stats',
  summary: `The dashboard's numbers at a glance and the revenue of the last ${REVENUE_MONTHS} months.`,
  response: AdminStats,
} as const satisfies Endpoint;

// Outside /api: the operators' probes and the shell's remotes.
export const health = {
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness: the process serves HTTP (touches nothing else).',
  response: Healthy,
} as const satisfies Endpoint;
export const readiness = {
  method: 'GET',
  path: '/readyz',
  summary:
    'Readiness: the database answers and has every migration of this build (else 503); a schema ahead of this build is reported, still 200.',
  response: Ready,
} as const satisfies Endpoint;
export const remotes = {
  method: 'GET',
  path: '/remotes.json',
  summary: 'Which build of each front-end app is live and where its manifest is (never cached).',
  response: RemotesConfig,
} as const satisfies Endpoint;
export const routes = {
  method: 'GET',
  path: '/routes.json',
  summary:
    "The live remotes' routes (path pattern, remote, page, title...), read from their releases (never cached).",
  response: RouteTable,
} as const satisfies Endpoint;
