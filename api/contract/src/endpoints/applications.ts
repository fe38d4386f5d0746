/** Applying on the board (issue 42; api/src/applications/). */
import { string } from 'superstruct';
import {
  ApplicationSettings,
  ApplicationSettingsChange,
  INBOX_LIMITS,
  InboxApplication,
  InboxApplicationChange,
  InboxApplications,
  InboxBulkStatus,
  InboxDeclined,
  InboxQuery,
} from '../application-inbox';
import {
  APPLICATION_ADMIN_MESSAGES,
  APPLICATION_UPKEEP_LIMITS,
  AdminApplications,
  AdminApplicationsLookup,
} from '../application-upkeep';
import { ApplicationReceipt, ApplicationWithdrawal, RESUME_TYPES } from '../applications';
import { type Endpoint, Message } from '../endpoint';
import { applicationId, byId, employerListingId, jobId } from './params';

/** A résumé is served as the kind its bytes told. */
const RESUME_MEDIA_TYPES = Object.values(RESUME_TYPES);

/**
 * The board's application form. The body is multipart/form-data, not JSON: the fields `name`,
 * `email`, `phone`, `links` (one per line), `coverNote`, `answers.<question id>`, and the file
 * `resume` (PDF, DOCX or ODT by its bytes, at most 5 MB).
 */
export const applyToJob = {
  method: 'POST',
  path: '/api/jobs/:id/applications',
  summary:
    "Apply to a job that takes applications on the board (multipart form: the applicant's fields and the résumé file): stored, confirmed to the applicant, sent or announced to the employer. 400 names each field at fault; 409 for a second application to the same job from one address or a job that takes none; 429 past the limits per client, address and job.",
  ...jobId,
  humanProof: 'handler',
  bodyMediaType: 'multipart/form-data',
  status: 201,
  response: ApplicationReceipt,
} as const satisfies Endpoint;

export const withdrawApplication = {
  method: 'POST',
  path: '/api/applications/withdraw',
  summary:
    "Withdraw and delete an application with the token of the confirmation e-mail's link (410 once it is gone).",
  body: ApplicationWithdrawal,
  response: Message,
} as const satisfies Endpoint;

/** The admin's side (docs/product.md#applications): a person asks what was kept, or its deletion. */
export const adminApplications = {
  method: 'POST',
  path: '/api/admin/applications/lookup',
  summary: `The applications one e-mail address sent, newest first (at most ${APPLICATION_UPKEEP_LIMITS.adminLookup}), with how many there are: each one's job, when it was sent and its status, never what it says. A POST, so the address is in no request log; 400 for a body that is no e-mail address.`,
  body: AdminApplicationsLookup,
  response: AdminApplications,
} as const satisfies Endpoint;
export const deleteAdminApplication = {
  method: 'DELETE',
  path: '/api/admin/applications/:id',
  summary:
    "Delete one application and its résumé on its applicant's request, and any relayed copy of it not yet sent (404 once it is gone).",
  ...byId(APPLICATION_ADMIN_MESSAGES.notFound),
  response: Message,
} as const satisfies Endpoint;

// ---- the employer's inbox (the employer area: their session and the CSRF header) ---------------

export const employerApplications = {
  method: 'GET',
  path: '/api/employer/jobs/:id/applications',
  summary: `One of the address's listings' applications, newest first, ${INBOX_LIMITS.pageSize} a page (of one status with \`status\`), with how many it has in each status; 404 for another address's listing.`,
  ...employerListingId,
  querystring: InboxQuery,
  response: InboxApplications,
} as const satisfies Endpoint;
/** Answers `text/csv` (an attachment). */
export const employerApplicationsCsv = {
  method: 'GET',
  path: '/api/employer/jobs/:id/applications.csv',
  summary:
    "Every application of one of the address's listings as CSV (an attachment): the applicant's details, answers, status, star and note.",
  ...employerListingId,
  mediaTypes: ['text/csv'],
  response: string(),
} as const satisfies Endpoint;
export const employerUpdateApplication = {
  method: 'PUT',
  path: '/api/employer/applications/:id',
  summary:
    "Changes an application's status, star or note (only the fields given); 404 for another address's application.",
  ...applicationId,
  body: InboxApplicationChange,
  response: InboxApplication,
} as const satisfies Endpoint;
export const employerApplicationsStatus = {
  method: 'POST',
  path: '/api/employer/applications/status',
  summary: `Gives one status to several applications (1 to ${INBOX_LIMITS.bulk}); 404 and nothing changed when one of them is not the address's.`,
  body: InboxBulkStatus,
  response: Message,
} as const satisfies Endpoint;
export const employerDeclineApplication = {
  method: 'POST',
  path: '/api/employer/applications/:id/decline',
  summary:
    "Declines an application and queues the employer's decline e-mail to the applicant (their template filled in, Reply-To their address); once per application (409 after).",
  ...applicationId,
  response: InboxDeclined,
} as const satisfies Endpoint;
/** Answers the résumé's bytes as an attachment (its own type; never shown inline). */
export const employerApplicationResume = {
  method: 'GET',
  path: '/api/employer/applications/:id/resume',
  summary:
    "Downloads an application's résumé (an attachment: PDF, DOCX or ODT, nosniff, no-store); only the listing's employer (404 for anyone else's).",
  ...applicationId,
  mediaTypes: RESUME_MEDIA_TYPES,
  response: string(),
} as const satisfies Endpoint;
export const employerApplicationSettings = {
  method: 'GET',
  path: '/api/employer/application-settings',
  summary:
    "The address's inbox settings: an e-mail per application or a daily digest, and the decline e-mail's template (the board's until edited).",
  response: ApplicationSettings,
} as const satisfies Endpoint;
export const employerUpdateApplicationSettings = {
  method: 'PUT',
  path: '/api/employer/application-settings',
  summary: 'Changes the inbox settings given (the others stay); 400 names each field at fault.',
  body: ApplicationSettingsChange,
  response: ApplicationSettings,
} as const satisfies Endpoint;

// ---- the admins' (the admin area) ----------------------------------------------------------------

/** Answers the résumé's bytes as an attachment, as the employer's route does. */
export const adminApplicationResume = {
  method: 'GET',
  path: '/api/admin/applications/:id/resume',
  summary:
    "Downloads an application's résumé (an attachment, as the employer's download), for an admin.",
  ...applicationId,
  mediaTypes: RESUME_MEDIA_TYPES,
  response: string(),
} as const satisfies Endpoint;
