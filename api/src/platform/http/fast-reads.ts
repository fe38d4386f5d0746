import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions as HttpServerOptions,
  type ServerResponse,
} from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyServerFactory, preParsingHookHandler } from 'fastify';
import {
  acceptedEncoding,
  COMPRESS_FROM_BYTES,
  matches,
  type CachedBody,
} from '../plugins/public-cache';
import { REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL, requestIdOf } from './request-id';

/**
 * A cached public read whose answer is known from the request alone: `answer` gives the cached
 * body for the request's text when the public cache holds it now, else undefined.
 */
export interface FastRead {
  method: 'POST';
  url: string;
  answer(bodyText: string): CachedBody | undefined;
}

/** What an answer of the fast path is told to (the request metrics, platform/ops/plugin.ts). */
export type FastAnswerListener = (answer: {
  route: string;
  status: number;
  seconds: number;
}) => void;

/** The options Fastify hands its serverFactory (its defaults filled in) that shape the server. */
interface ServerOptions {
  http?: HttpServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** The log levels at which Fastify logs every request: a fast answer is logged then too. */
const EVERY_REQUEST_LOGGED = new Set(['info', 'debug', 'trace']);

/** A body longer than this is left to Fastify unread: the board's searches are a few hundred bytes. */
const MAX_FAST_BODY_BYTES = 8 * 1024;

/** The body the fast path read for a request it then handed to Fastify. */
const READ_BODY = Symbol('fast-reads.body');
type ReadRequest = IncomingMessage & { [READ_BODY]?: Buffer };

/**
 * The fast path of the cached public reads (docs/architecture.md, public reads). The board sends the
 * same few searches over and over, and their answers wait in the public cache; yet each went
 * through all of Fastify's work for a request (its logger, every hook, the body's parser) before the
 * cache was asked, and the board's first page served about two thirds of a bare route's requests.
 * Here the server asks the cache first: a request to a fast read whose answer is held now is
 * answered at once with exactly the headers the route sends (public-cache.ts: ETag and 304, the
 * client's encoding, the JSON security headers, the request id); anything else goes to Fastify as
 * before, with the body already read handed over (`preParsing`). Answers are counted in the
 * request metrics, and logged when the log level asks for every request.
 *
 * Only on a listening server: `inject` (tests) always goes through Fastify.
 */
export class FastReads {
  private readonly reads = new Map<string, FastRead>();
  private readonly listeners: FastAnswerListener[] = [];
  private log?: FastifyBaseLogger;
  private securityHeaders: Record<string, string> = {};
  private crossOrigin: (origin: string | undefined) => Record<string, string> | undefined = () =>
    undefined;
  private varyOrigin = false;
  private closing = false;

  /** Serve `read` by the fast path once the server listens. */
  add(read: FastRead): void {
    this.reads.set(`${read.method} ${read.url}`, read);
  }

  /** What every fast answer carries besides the cached body's own (app.jsonSecurityHeaders). */
  use(options: { log: FastifyBaseLogger; securityHeaders: Record<string, string> }): void {
    this.log = options.log;
    this.securityHeaders = options.securityHeaders;
  }

  /**
   * The CORS headers of an answer to a page of `origin` (platform/plugins/cross-origin.ts): the
   * fast reads are public reads, which other sites' pages may read when CORS_ORIGINS says so.
   * `varyByOrigin`: the answers differ by origin (a list of origins, not `*`).
   */
  allowOrigins(
    headersFor: (origin: string | undefined) => Record<string, string> | undefined,
    varyByOrigin: boolean,
  ): void {
    this.crossOrigin = headersFor;
    this.varyOrigin = varyByOrigin;
  }

  onAnswer(listener: FastAnswerListener): void {
    this.listeners.push(listener);
  }

  /** From now on every request goes to Fastify (it answers 503 while it closes). */
  close(): void {
    this.closing = true;
  }

  /**
   * Fastify's serverFactory: the server Fastify would make (its timeouts, as fastify/lib/server.js
   * sets them), with the fast path in front of Fastify's handler.
   */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const { http, keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } =
      options as unknown as ServerOptions;
    const server: Server = createServer(http ?? {}, (req, res) => {
      if (!this.take(req, res, handler)) handler(req, res);
    });
    server.keepAliveTimeout = keepAliveTimeout;
    server.requestTimeout = requestTimeout;
    server.setTimeout(connectionTimeout);
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };

  /**
   * The route's preParsing hook: a request whose body the fast path has read gets that body as
   * its payload (the request's own stream is spent).
   */
  readonly handOver: preParsingHookHandler = (request, _reply, payload, done) => {
    const body = (request.raw as ReadRequest)[READ_BODY];
    if (body === undefined) return done(null, payload);
    const stream = new PassThrough();
    stream.end(body);
    done(null, stream);
  };

  /** True when this request is the fast path's (answered, or read and then handed to Fastify). */
  private take(
    req: IncomingMessage,
    res: ServerResponse,
    handler: (req: IncomingMessage, res: ServerResponse) => void,
  ): boolean {
    if (this.closing || this.reads.size === 0) return false;
    const read = this.reads.get(`${req.method} ${req.url}`);
    if (!read) return false;
    const length = Number(req.headers['content-length']);
    if (
      !(length > 0 && length <= MAX_FAST_BODY_BYTES) ||
      req.headers['content-encoding'] !== undefined ||
      !req.headers['content-type']?.startsWith('application/json')
    ) {
      return false;
    }
    const started = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const cached = body.length === length ? read.answer(body.toString('utf8')) : undefined;
      if (cached && !this.closing) {
        this.send(req, res, read.url, cached, started);
      } else {
        (req as ReadRequest)[READ_BODY] = body;
        handler(req, res);
      }
    });
    return true;
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    body: CachedBody,
    started: number,
  ): void {
    const id = requestIdOf(req);
    const headers: Record<string, string | number> = {
      [REQUEST_ID_HEADER]: id,
      ...this.securityHeaders,
      ...body.headers,
      'cache-control': 'public, no-cache',
      vary: this.varyOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
      etag: body.etag,
      ...this.crossOrigin(req.headers.origin),
    };
    let status = 200;
    let payload: Buffer | undefined;
    if (matches(req.headers['if-none-match'], body.etag)) {
      status = 304;
    } else {
      headers['content-type'] = 'application/json; charset=utf-8';
      const encoding =
        body.bytes.length >= COMPRESS_FROM_BYTES
          ? acceptedEncoding(req.headers['accept-encoding'])
          : undefined;
      payload = encoding ? body.encodedAs(encoding) : body.bytes;
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = payload.length;
    }
    res.writeHead(status, headers);
    res.end(payload);
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.listeners) listener({ route, status, seconds });
    if (this.log && EVERY_REQUEST_LOGGED.has(this.log.level)) {
      this.log.info(
        {
          [REQUEST_ID_LOG_LABEL]: id,
          req: { method: req.method, url: req.url },
          res: { statusCode: status },
          responseTime: seconds * 1000,
          fast: true,
        },
        'request completed',
      );
    }
  }
}
