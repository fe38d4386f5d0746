import { ENDPOINTS, endpointPath } from '@jobboard/contract/endpoints';
import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '@jobboard/contract/site';

/** The reports this page has sent, by remote and kind. */
const sent = new Set<string>();

/**
 * Tell the server about a remote the shell did not load, could not load, or whose page crashed
 * (`POST /api/client-errors`: logged and counted). Fire and forget: nothing waits for it, and a
 * report that cannot be sent is dropped. At most once per remote and kind in a page's life, so a
 * page that keeps failing does not flood the log.
 */
export function reportClientError(report: ClientErrorReport): void {
  const key = `${report.app}\u0000${report.kind}`;
  if (sent.has(key)) return;
  sent.add(key);
  const body: ClientErrorReport = {
    kind: report.kind,
    app: report.app.slice(0, CLIENT_ERROR_LIMITS.app),
    version: (report.version || 'unknown').slice(0, CLIENT_ERROR_LIMITS.version),
    message: (report.message || report.kind).slice(0, CLIENT_ERROR_LIMITS.message),
  };
  // A beacon outlives the page (a report sent as the visitor leaves still arrives) and never
  // competes with the page's own requests. Where there is none, a plain call whose failure is
  // nobody's business.
  const beacon = typeof navigator.sendBeacon === 'function';
  if (
    beacon &&
    navigator.sendBeacon(
      endpointPath(ENDPOINTS.clientErrors),
      new Blob([JSON.stringify(body)], { type: 'application/json' }),
    )
  ) {
    return;
  }
  // The kit is loaded here, not imported above, so the shell's first task does not evaluate it
  // (bootstrap.ts).
  void import('@jobboard/shared-ui')
    .then(({ apiFetch }) => apiFetch(ENDPOINTS.clientErrors, { body }))
    .catch(() => undefined);
}
