import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id arrives in (from a proxy or a client) and is echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The label of the request id in every log line of a request. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/**
 * What a request id from outside may be: up to 128 letters, digits and `. _ : -` (a UUID, a
 * proxy's hex id, a trace id all fit). Anything else is replaced: the id is copied into every log
 * line and into a response header, so it must not carry newlines, quotes or a megabyte of text.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value);
}

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane, so one id follows a request
 * through the proxy's log and ours; otherwise a new UUID (unique across processes, unlike
 * Fastify's default per-process counter).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return isSaneRequestId(given) ? given : randomUUID();
}
