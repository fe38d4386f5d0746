import type { FastifyRequest } from 'fastify';
import type { SecretLinks } from './secret-links';

/**
 * Fastify's request serializer (method, url, host, address, port) with the token of every
 * registered secret link taken out of the URL (platform/http/secret-links.ts): the "incoming request" line
 * of `/api/pay/<token>` or `/ghost-callback?token=...` would otherwise put a working link in every
 * copy of the log.
 */
export function requestSerializer(secretLinks: SecretLinks) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: secretLinks.redact(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}

/**
 * The last line of defence, on every finished log line: a token that reached a message by
 * another road (an error that quotes a URL, a future log call) is taken out too.
 */
export const logLineRedactor = (secretLinks: SecretLinks) => (line: string) =>
  secretLinks.redact(line);
