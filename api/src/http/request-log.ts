import type { FastifyRequest } from 'fastify';
import { redactAlertTokens } from '../alerts/alert-tokens';
import { redactEmployerTokens } from '../employers/employer-tokens';
import { redactMemberTokens } from '../members/ghost-token';
import { redactPaymentTokens } from '../payments/payment-tokens';
import { redactRenewalTokens } from '../renewals/renewal-tokens';

/** Pay-link, renewal-link, job-alert, member and employer sign-in tokens out of a URL or a log line. */
const redactTokens = (text: string): string =>
  redactEmployerTokens(
    redactMemberTokens(redactAlertTokens(redactRenewalTokens(redactPaymentTokens(text)))),
  );

/**
 * Fastify's request serializer (method, url, host, address, port) with pay-link, job-alert and
 * member sign-in tokens taken out of the URL: the "incoming request" line of `/api/pay/<token>`
 * or `/ghost-callback?token=...` would otherwise put a working link in every copy of the log.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The last line of defence, on every finished log line: a token that reached a message by
 * another road (an error that quotes a URL, a future log call) is taken out too.
 */
export const redactLogLine = redactTokens;
