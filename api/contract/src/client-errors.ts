import { array, enums, integer, min, object, size, string, type Infer } from 'superstruct';

/**
 * What the shell reports about the remotes it loads (`POST /api/client-errors`): the server logs
 * each report and counts them by kind and app (docs/frontend-delivery.md#the-load-time-check).
 */
export const CLIENT_ERROR_KINDS = [
  /** The remote's release.json does not fit the shell (or cannot be read): it was not loaded. */
  'remote-mismatch',
  /** The remote's files could not be loaded (network, a missing file, its code threw on load). */
  'remote-load-failed',
  /** A page of the remote threw while drawn (its area's error boundary caught it). */
  'remote-crashed',
] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const CLIENT_ERROR_LIMITS = {
  /** The app's federation name ('mfe_board'). */
  app: 50,
  /** A version folder (100 characters) or a manifest URL on another origin. */
  version: 500,
  /** What happened, in a sentence or an error's message. */
  message: 2000,
  /** The latest reports each API process keeps in memory for the admins (`GET /api/admin/client-errors`). */
  kept: 50,
} as const;

/** The body of `POST /api/client-errors`. */
export const ClientErrorReport = object({
  kind: enums(CLIENT_ERROR_KINDS),
  app: size(string(), 1, CLIENT_ERROR_LIMITS.app),
  version: size(string(), 1, CLIENT_ERROR_LIMITS.version),
  message: size(string(), 1, CLIENT_ERROR_LIMITS.message),
});
export type ClientErrorReport = Infer<typeof ClientErrorReport>;

/** One report as the admins see it: what the browser sent, where the app name is the counted one. */
export const ClientErrorEntry = object({
  kind: enums(CLIENT_ERROR_KINDS),
  /** The app's federation name, or 'unknown' when the browser named none of the apps. */
  app: size(string(), 1, CLIENT_ERROR_LIMITS.app),
  version: size(string(), 1, CLIENT_ERROR_LIMITS.version),
  message: size(string(), 1, CLIENT_ERROR_LIMITS.message),
  /** When this process received it (ISO 8601). */
  receivedAt: string(),
});
export type ClientErrorEntry = Infer<typeof ClientErrorEntry>;

/**
 * `GET /api/admin/client-errors`: what the browsers reported to this API process since it started
 * (kept in memory: each process answers for itself, and a restart empties it): the count of each
 * kind and app, by kind then app, and the latest reports, newest first, at most
 * CLIENT_ERROR_LIMITS.kept.
 */
export const AdminClientErrors = object({
  since: string(),
  counts: array(
    object({
      kind: enums(CLIENT_ERROR_KINDS),
      app: size(string(), 1, CLIENT_ERROR_LIMITS.app),
      count: min(integer(), 1),
    }),
  ),
  latest: size(array(ClientErrorEntry), 0, CLIENT_ERROR_LIMITS.kept),
});
export type AdminClientErrors = Infer<typeof AdminClientErrors>;
