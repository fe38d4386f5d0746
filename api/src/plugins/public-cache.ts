import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicCache, type CachedBody, type Encoding } from '../jobs/public-cache';
import { PublicReads } from '../jobs/public-reads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads of jobs, kept in memory until jobs change (jobs/public-reads.ts). */
    publicReads: PublicReads;
  }
}

/**
 * Route options of a cached public read. The answer is compressed once when cached, and its
 * security headers were computed once at start (app.jsonSecurityHeaders), so the per-request passes
 * of the compress and helmet plugins are skipped: a cached page then costs little more than a
 * constant answer (bench/report.md, section 2).
 */
export const CACHED = { compress: false, helmet: false } as const;

/** Smaller answers are sent as they are: compressing them saves nothing. */
const COMPRESS_FROM_BYTES = 1024;

export default fp(
  async (app) => {
    const cache = new PublicCache(app.db, app.jobs.changes, app.now);
    app.decorate('publicReads', new PublicReads(app.jobs, cache, app.now));
  },
  { name: 'public-cache', dependencies: ['db', 'jobs', 'security-headers'] },
);

/**
 * Send a cached public answer: its ETag (a 304 without a body when the browser has it already),
 * `no-cache` so browsers revalidate every time (a change is seen at once), and the body
 * compressed the way the client accepts, compressed once per answer rather than per request.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  reply.headers(request.server.jsonSecurityHeaders).headers(body.headers);
  return sendBody(request, reply, body, 'application/json; charset=utf-8');
}

/**
 * As sendCached, for any cached body of this type (a page of the site: its route keeps helmet).
 * An answer that is not a 200 carries no ETag: only a success can be revalidated.
 */
export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  type: string,
  cacheControl = 'public, no-cache',
) {
  reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
  if (reply.statusCode === 200) {
    reply.header('ETag', body.etag);
    if (matches(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  }
  reply.type(type);
  const encoding = body.bytes.length >= COMPRESS_FROM_BYTES ? accepted(request) : undefined;
  if (!encoding) return reply.send(body.bytes);
  return reply.header('Content-Encoding', encoding).send(body.encodedAs(encoding));
}

/**
 * As sendBody, for an answer that shared caches and feed readers may keep a few minutes (feeds,
 * the sitemap): its headers (Last-Modified) go with it, and a client that sends only
 * If-Modified-Since (many feed readers) gets a 304 too when nothing was built since.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  type: string,
  maxAgeSeconds: number,
) {
  const cacheControl = `public, max-age=${maxAgeSeconds}`;
  reply.headers(body.headers);
  const modified = body.headers['Last-Modified'];
  const since = request.headers['if-modified-since'];
  // If-None-Match, when sent, decides alone (RFC 9110 13.2.2).
  if (!request.headers['if-none-match'] && modified && since) {
    const sinceMs = Date.parse(since);
    if (!Number.isNaN(sinceMs) && Date.parse(modified) <= sinceMs) {
      reply.header('Cache-Control', cacheControl).header('ETag', body.etag);
      return reply.status(304).send();
    }
  }
  return sendBody(request, reply, body, type, cacheControl);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Brotli when the client takes it, else gzip, else nothing (q=0 means "not this one"). */
function accepted(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const offered = new Map(
    header.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name!, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const takes = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}
