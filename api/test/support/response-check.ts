import { ErrorBody, fieldErrors } from '@jobboard/contract/common';
import type { FastifyInstance } from 'fastify';
import { Struct, validate } from 'superstruct';
import { HttpError } from '../../src/platform/http/http-error';
import { appDocumentCheck } from './openapi-check';

/** What the check saw: the routes that answered without declaring a response struct. */
export interface ResponseCheck {
  /** `GET /api/x` of every route that answered with no response struct in its schema. */
  unschemed: Set<string>;
}

/**
 * Checks every JSON answer of the test app against the struct its route declares for the status
 * (`schema.response`, from the contract's endpoint table), and every error answer against
 * ErrorBody (`{ message }`), so the whole API suite proves the contract's answers; and every
 * such answer against the OpenAPI document the app serves (issue 46, support/openapi-check.ts: by
 * ajv, another validator than the structs'), so the document cannot drift from what the API does.
 * An answer that does not match becomes a 500 naming the route and the fields at fault: the test
 * that got it fails on its status or body. Not in the app itself: JSON.stringify stays the only
 * cost of an answer in production.
 */
export function checkResponses(app: FastifyInstance): ResponseCheck {
  const seen: ResponseCheck = { unschemed: new Set() };
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (url === undefined) return payload; // no route: the not-found handler
    const route = `${request.method} ${url}`;
    const declared = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
    if (Object.keys(declared).length === 0) seen.unschemed.add(route);
    const struct = reply.statusCode >= 400 ? ErrorBody : declared[String(reply.statusCode)];
    if (!(struct instanceof Struct) || !isPlainJson(reply.getHeaders(), payload)) return payload;
    const body: unknown = JSON.parse(String(payload));
    const [error] = validate(body, struct);
    if (error) {
      const fields = Object.entries(fieldErrors(error)).map(([key, text]) => `${key}: ${text}`);
      throw new HttpError(
        500,
        `The ${reply.statusCode} answer of ${route} does not match its struct: ${fields.join('; ')}`,
      );
    }
    const document = appDocumentCheck(app);
    if (document.describes(request.method, url)) {
      const drift = document.answer(request.method, url, reply.statusCode, body);
      if (drift.length) {
        throw new HttpError(
          500,
          `The ${reply.statusCode} answer of ${route} does not match the OpenAPI document: ${drift.join('; ')}`,
        );
      }
    }
    return payload;
  });
  return seen;
}

/** A JSON body as text or bytes, not compressed (a compressed cached read is checked uncompressed). */
function isPlainJson(headers: Record<string, unknown>, payload: unknown): boolean {
  const type = String(headers['content-type'] ?? '');
  return (
    type.startsWith('application/json') &&
    headers['content-encoding'] === undefined &&
    (typeof payload === 'string' || Buffer.isBuffer(payload))
  );
}
