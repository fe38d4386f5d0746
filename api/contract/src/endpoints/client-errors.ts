/** What the shell reports about the remotes it loads (docs/frontend-delivery.md#the-load-time-check; api/src/client-errors/), and what the admins read of it. */
import { AdminClientErrors, CLIENT_ERROR_LIMITS, ClientErrorReport } from '../client-errors';
import { type Endpoint, NoContent } from '../endpoint';

export const clientErrors = {
  method: 'POST',
  path: '/api/client-errors',
  summary: `A remote the shell did not load (its release does not fit), could not load, or whose page crashed: logged and counted; 429 past one client's rate limit (docs/configuration.md#rate-limits).`,
  body: ClientErrorReport,
  status: 204,
  response: NoContent,
} as const satisfies Endpoint;
export const adminClientErrors = {
  method: 'GET',
  path: '/api/admin/client-errors',
  summary: `What the browsers reported about the remotes to this API process since it started: the count of each kind and app, and the latest ${CLIENT_ERROR_LIMITS.kept} reports, newest first.`,
  response: AdminClientErrors,
} as const satisfies Endpoint;
