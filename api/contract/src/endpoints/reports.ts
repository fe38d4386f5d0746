/** Reports of listings (issue 45; api/src/reports/): a visitor reports a live listing, an admin decides. */
import { type Endpoint, Message } from '../endpoint';
import { AdminReportQueue, ListingReport, REPORT_LIMITS, REPORT_MESSAGES } from '../reports';
import { byId, jobId } from './params';

export const reportListing = {
  method: 'POST',
  path: '/api/jobs/:id/reports',
  summary: `Report a live listing: a reason (scam, closed, wrong_information, discriminatory, other), an optional note (at most ${REPORT_LIMITS.note} characters) and an optional e-mail address for the outcome. One open report per client (an IPv4 address, an IPv6 /64) and listing: another while it is open answers 409. Limited per client and per listing (429). Enough independent reports (the admin's reportThreshold, default ${REPORT_LIMITS.defaultThreshold}) take the listing off the board until an admin decides. 404 for a listing not on the board.`,
  ...jobId,
  body: ListingReport,
  humanProof: 'body',
  status: 201,
  response: Message,
} as const satisfies Endpoint;
export const adminReports = {
  method: 'GET',
  path: '/api/admin/reports',
  summary:
    'The listings with open reports (most first), each with its reports and their count per reason, then the listings hidden after reports; and the threshold in force.',
  response: AdminReportQueue,
} as const satisfies Endpoint;
const reportedJob = byId(REPORT_MESSAGES.notFound);
export const dismissReports = {
  method: 'POST',
  path: '/api/admin/reports/:id/dismiss',
  summary:
    'Keep the listing (by job id): its open reports are closed as reviewed and kept, a listing hidden by them goes back on the board, and each reporter who left an address is e-mailed. 409 with no open reports.',
  ...reportedJob,
  response: Message,
} as const satisfies Endpoint;
export const hideReportedListing = {
  method: 'POST',
  path: '/api/admin/reports/:id/hide',
  summary:
    'Take the listing (by job id) off the board after its reports: switched off, never deleted, with its history line; its open reports are closed as taken down, and each reporter who left an address is e-mailed. 409 with no open reports.',
  ...reportedJob,
  response: Message,
} as const satisfies Endpoint;
export const restoreReportedListing = {
  method: 'POST',
  path: '/api/admin/reports/:id/restore',
  summary:
    'Put a listing hidden after reports (by job id) back on the board, with its history line; its open reports are closed as kept, their reporters e-mailed. 409 when it is not hidden.',
  ...reportedJob,
  response: Message,
} as const satisfies Endpoint;
