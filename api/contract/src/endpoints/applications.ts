/** Applying on the board (issue 42; api/src/applications/). */
import { ApplicationReceipt, ApplicationWithdrawal } from '../applications';
import { type Endpoint, Message } from '../endpoint';
import { jobId } from './params';

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
