/** The numbers that show a listing worked (api/src/job-stats/). */
import { type Endpoint, NoContent } from '../endpoint';
import { CountedQuery, JOB_STATS_DAYS, JobStats } from '../job-stats';
import { jobId } from './params';

export const jobView = {
  method: 'POST',
  path: '/api/jobs/:id/view',
  summary:
    "A view of a live job (its modal or its page; the board sends it with navigator.sendBeacon): counted once per visitor (the client: an IPv4 address or an IPv6 /64, whatever its user agent) and UTC day, known bots not, for the channel `via` names (any of the channels, board and direct included; none or an unknown one: the request's referrer, the board's own site for 'board', else 'direct'), a visitor's first channel of the day kept; no body, no cookie. 204 whether or not it counted.",
  ...jobId,
  querystring: CountedQuery,
  status: 204,
  response: NoContent,
} as const satisfies Endpoint;
export const adminJobStats = {
  method: 'GET',
  path: '/api/admin/jobs/:id/stats',
  summary: `A job's views and apply clicks over the last ${JOB_STATS_DAYS} UTC days (today's so far included), oldest first, zeros filled, with their totals.`,
  ...jobId,
  response: JobStats,
} as const satisfies Endpoint;
