import fp from 'fastify-plugin';
import { PRESSURE_MESSAGE } from './under-pressure';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@jobboard/contract/common';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import {
  Conflict,
  DomainError,
  Gone,
  Invalid,
  NotFound,
  TooMany,
  Unauthorized,
  Unavailable,
  UpstreamFailed,
} from '../domain-errors';
import { HttpError, badRequest } from '../http/http-error';

/**
 * Every error leaves as JSON `{ message }`. Client mistakes keep their 4xx status and message (a
 * service's DomainError becomes its status here: 401, 404, 409, 410, 429, 503 or 400 with the
 * fields, and 502 when an outside service it relies on failed); a
 * database that cannot be reached is a 503 (try again: it recovers by itself); anything else is
 * logged and answered with a plain 500 that reveals nothing.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((caught, request, reply) => {
      if (caught instanceof TooMany) {
        return reply
          .status(429)
          .header('Retry-After', String(Math.max(1, Math.ceil(caught.retryAfterSeconds))))
          .send({ message: caught.message });
      }
      const error = caught instanceof DomainError ? (asHttpError(caught) ?? caught) : caught;
      if (error instanceof HttpError) {
        return reply
          .status(error.statusCode)
          .send({ message: error.message, ...fieldsOf(error.fields) });
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return reply.status(status).send({ message: (error as Error).message });
      }
      // The server sheds load (platform/plugins/under-pressure.ts): its Retry-After is set already.
      if ((error as { code?: string }).code === 'FST_UNDER_PRESSURE') {
        return reply
          .status(503)
          .header('Cache-Control', 'no-store')
          .send({ message: PRESSURE_MESSAGE });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .headers({
            'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
            'Cache-Control': 'no-store',
          })
          .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ message: 'Something went wrong on our side. Please try again.' });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      // Like every /api answer that is not a public read: never stored (security-headers.ts).
      if (path.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
      return reply.status(404).send({ message: `No route for ${request.method} ${path}` });
    });
  },
  { name: 'errors' },
);

/**
 * The status each kind of domain refusal is answered with; the message stays the service's. A
 * kind without one here is a bug: it falls through to the logged 500.
 */
function asHttpError(error: DomainError): HttpError | undefined {
  if (error instanceof Invalid) return badRequest(error.fields);
  if (error instanceof NotFound) return new HttpError(404, error.message);
  if (error instanceof Conflict) return new HttpError(409, error.message);
  if (error instanceof Gone) return new HttpError(410, error.message);
  if (error instanceof Unauthorized) return new HttpError(401, error.message);
  if (error instanceof Unavailable) return new HttpError(503, error.message);
  if (error instanceof UpstreamFailed) return new HttpError(502, error.message);
  return undefined;
}

function fieldsOf(fields: Record<string, string> | undefined) {
  if (!fields) return {};
  return { field: Object.keys(fields)[0], fields };
}
