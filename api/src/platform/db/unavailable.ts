/** A database restart takes seconds: a 503 for it tells clients (and proxies) to come back after this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong": the request gets a 503 (try again) instead of a 500, and nothing needs restarting, since
 * the pools open new connections once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isUnavailableError(e)) return true;
  }
  return false;
}

/** The network could not reach PostgreSQL (refused while it is down, dropped, timed out). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), a server shutting down
 * or restarting (57P01-57P03), out of connections (53300).
 */
const POSTGRES_STATES = /^(08...|57P0[123]|53300)$/;

/**
 * SQLite: the file cannot be opened (missing folder, no permission, a folder in its place), the
 * disk fails under it, or another process held the write lock past the busy timeout.
 */
const SQLITE_CODES = new Set(['SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_BUSY']);

function isUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLITE_CODES.has(code) || POSTGRES_STATES.test(code)) {
      return true;
    }
  }
  // No connection came free in time (knex's pool), or node-postgres lost one with no code.
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && /Connection terminated/.test(message);
}
