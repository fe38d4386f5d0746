/** Applying on the board (issue 42; api/src/applications/). */
import {
  APPLICATION_ADMIN_MESSAGES,
  APPLICATION_UPKEEP_LIMITS,
  AdminApplications,
  AdminApplicationsLookup,
} from '../application-upkeep';
import { ApplicationReceipt, ApplicationWithdrawal } from '../applications';
import { type Endpoint, Message } from '../endpoint';
import { byId, jobId } from './params';

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
