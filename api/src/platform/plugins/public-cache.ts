import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastReads } from '../http/fast-reads';
// The app's clock and its JSON security headers, which this plugin reads off `app`, are declared
// on FastifyInstance by these plugins: named here, so that a program that reaches this file (a
// tool's type check through the API's test support) knows them too.
import type {} from './config';
import type {} from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public reads, kept in memory until the jobs change (the jobs domain has it follow
     * them): its answers, the feeds and sitemap, the site's pages.
     */
    publicCache: PublicCache;
    /** The cached reads served before Fastify's own work on a request (platform/http/fast-reads.ts). */
    fastReads: FastReads;
  }
}

/*
 * The public-read cache: the answers of the public reads, serialized once, compressed at most once
 * per encoding and kept until what they are made of changes (PublicCache), and how such an answer
 * is sent (sendCached, sendBody, sendShared: ETag, 304, the client's encoding).
 */

/**
 * Route options of a cached public read. The answer is compressed once when cached, and its
 * security headers were computed once at start (app.jsonSecurityHeaders), so the per-request passes
 * of the compress and helmet plugins are skipped: a cached page then costs little more than a
 * constant answer (bench/report.md, section 2).
 */
export const CACHED = { compress: false, helmet: false } as const;

/** Smaller answers are sent as they are: compressing them saves nothing. */
export const COMPRESS_FROM_BYTES = 1024;

export default fp(
  async (app) => {
    app.decorate('publicCache', new PublicCache(app.now));
  },
  { name: 'public-cache', dependencies: ['config', 'security-headers'] },
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
  // A Vary set before (Origin, by platform/plugins/cross-origin.ts) is kept beside it.
  const vary = reply.getHeader('vary');
  reply
    .header('Cache-Control', cacheControl)
    .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
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

export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Brotli when the client takes it, else gzip, else nothing (q=0 means "not this one"). */
function accepted(request: FastifyRequest): Encoding | undefined {
  return acceptedEncoding(request.headers['accept-encoding']);
}

/** As `accepted`, from the Accept-Encoding header itself. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
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

/** A public read's answer, serialized once and compressed at most once per encoding. */
export class CachedBody {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  /** @param headers sent with the body (a list's X-Total-Count and Link) */
  constructor(
    readonly bytes: Buffer,
    readonly headers: Record<string, string> = {},
  ) {
    this.etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  }

  /** The body in this encoding, compressed on first use. */
  encodedAs(encoding: Encoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
              },
            })
          : gzipSync(this.bytes, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

export type Encoding = 'br' | 'gzip';

/** What a public read answers: the body (sent as JSON) and any headers that go with it. */
export interface Answer {
  body: unknown;
  headers?: Record<string, string>;
}

interface Entry {
  body: CachedBody;
  generation: number;
  /** The answer may change by itself at this instant (a job expires): not served past it. */
  validUntil: number;
}

export interface PublicCacheOptions {
  /** Entries kept at most (least recently used go first). */
  maxEntries?: number;
  /** An answer is recomputed after this long at the latest (the recent list's window moves). */
  maxAgeMs?: number;
  /** How often the database's jobs version is compared, for changes made by other processes. */
  versionCheckMs?: number;
  /**
   * How often while a listener hears every change (PostgreSQL's NOTIFY, `listening(true)`): a
   * safety net only.
   */
  listeningVersionCheckMs?: number;
}

/**
 * What the cached answers are made of, as the cache follows it: the jobs (jobs/plugin.ts). A
 * change in this process calls `invalidate()` once it has committed; `version` is raised in the
 * database by every change, so changes made by other processes are seen too.
 */
export interface CacheSource {
  /** The version of the data as the database has it now. */
  version(): Promise<number>;
  /** When an answer may next change by itself (a public job expires); Infinity for never. */
  nextExpiry(now: Date): Promise<number>;
}

/**
 * The public reads (the board's pages, searches, one job, the filter choices, the feeds and the
 * site's pages) kept in memory until the jobs change. A write in this process drops everything
 * once it has committed, before its request answers, so no visitor sees a job as it was before an
 * admin's save returned. A write in another process is noticed through the database's version,
 * compared at most once every `versionCheckMs` (one second): that is the longest another process
 * serves the old answer. On PostgreSQL a listener (jobs/listener/plugin.ts) hears each change as
 * it commits (`changed`) and says it is connected (`listening(true)`): the version is then only
 * compared every `listeningVersionCheckMs` (30 s) as a safety net, and at once whenever the
 * listener (re)connects. An answer never outlives the next expiry of a public job, nor `maxAgeMs`.
 *
 * Concurrent requests for the same missing answer share one computation, so the first page right
 * after a write costs one query, not one per waiting visitor.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, Promise<Entry>>();
  private generation = 0;
  private knownVersion = -1;
  private versionCheckedAt = 0;
  /** Notices heard (`changed`, a reconnect), and of those the ones a version read began after. */
  private notices = 0;
  private noticesChecked = 0;
  private versionCheck?: Promise<void>;
  private nextExpiry?: { generation: number; at: Promise<number> };
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly versionCheckMs: number;
  private readonly listeningVersionCheckMs: number;
  /** The interval in force: versionCheckMs, or listeningVersionCheckMs while a listener hears. */
  private checkEveryMs: number;
  private source: CacheSource = { version: async () => 0, nextExpiry: async () => Infinity };

  constructor(
    private readonly now: () => Date,
    options: PublicCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.versionCheckMs = options.versionCheckMs ?? 1000;
    this.listeningVersionCheckMs = options.listeningVersionCheckMs ?? 30_000;
    this.checkEveryMs = this.versionCheckMs;
  }

  /**
   * A listener hears every change from now on (true), or has lost its connection (false). On
   * true the version is compared at once (a change made while it was away is not missed; not
   * when `compareNow` is false: a database not migrated yet has no version to read), then only as
   * a safety net; on false, every `versionCheckMs` again.
   */
  async listening(connected: boolean, compareNow = connected): Promise<void> {
    this.checkEveryMs = connected ? this.listeningVersionCheckMs : this.versionCheckMs;
    if (compareNow) {
      this.notices += 1;
      await this.checkVersion();
    }
  }

  /**
   * A listener heard that a change was committed (PostgreSQL's NOTIFY, any process's). The notice
   * is only a wake-up: the version is read from the database before the next answer, and answers
   * are dropped only if it moved. What a notice says is never adopted: one forged by someone who
   * can reach the database (a huge version, this process's sender) would otherwise hold every
   * answer stale until the safety net's check (issue 43, finding 11). A burst of notices costs at
   * most two reads, whatever its size: each read covers every notice heard before it began.
   */
  changed(): Promise<void> {
    this.notices += 1;
    return this.checkVersion();
  }

  /**
   * A change this process committed raised the version to `version`: its answers are dropped
   * before its request answers, and the version is known without reading it (every lower version
   * committed before this one could raise it, so nothing older is missed).
   */
  changedHere(version: number): void {
    this.invalidate();
    if (version > this.knownVersion) this.knownVersion = version;
  }

  /** Keep answers only while `source` is unchanged (the jobs domain follows its own changes). */
  follow(source: CacheSource): void {
    this.source = source;
    this.invalidate();
  }

  /** The cached answer for `key`, computing (once) what is missing or out of date. */
  get(key: string, compute: () => Promise<unknown>): Promise<CachedBody> {
    return this.answer(key, async () => ({ body: await compute() }));
  }

  /** As `get`, for an answer that also has headers. */
  answer(key: string, compute: () => Promise<Answer>): Promise<CachedBody> {
    return this.cached(key, async () => {
      const { body, headers } = await compute();
      return new CachedBody(Buffer.from(JSON.stringify(body)), headers);
    });
  }

  /** As `get`, for an answer that is already text (a page of the site). */
  text(key: string, compute: () => Promise<string>): Promise<CachedBody> {
    return this.cached(key, async () => new CachedBody(Buffer.from(await compute())));
  }

  /** As `text`, with headers that go with the body (a feed's Last-Modified). */
  textAnswer(
    key: string,
    compute: () => Promise<{ text: string; headers?: Record<string, string> }>,
  ): Promise<CachedBody> {
    return this.cached(key, async () => {
      const { text, headers } = await compute();
      return new CachedBody(Buffer.from(text), headers);
    });
  }

  private async cached(key: string, compute: () => Promise<CachedBody>): Promise<CachedBody> {
    await this.checkVersion();
    const now = this.now().getTime();
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.generation && now < entry.validUntil) {
      // Most recently used last, so eviction takes the oldest.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.body;
    }
    let pending = this.computing.get(key);
    if (!pending) {
      pending = this.compute(key, compute);
      this.computing.set(key, pending);
      const forget = () => this.computing.delete(key);
      pending.then(forget, forget);
    }
    return (await pending).body;
  }

  /**
   * The answer for `key` if it is held and current, at once: what the fast path of a cached read
   * (platform/http/fast-reads.ts) serves before Fastify sees the request. Undefined when it is missing or
   * out of date, or when the database's version is due to be compared: that request then takes the
   * usual way, which compares it.
   */
  peek(key: string): CachedBody | undefined {
    if (!this.versionIsFresh()) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== this.generation) return undefined;
    if (this.now().getTime() >= entry.validUntil) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /** Drop one answer, which was good for its request but must not be kept (a page drawn later). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Drop every answer (jobs changed). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.computing.clear();
  }

  private async compute(key: string, compute: () => Promise<CachedBody>): Promise<Entry> {
    const generation = this.generation;
    const started = this.now().getTime();
    const [body, expiry] = await Promise.all([compute(), this.nextPublicExpiry()]);
    const entry: Entry = {
      body,
      generation,
      validUntil: Math.min(started + this.maxAgeMs, expiry),
    };
    // Jobs changed while this was computed: answer with it, but do not keep it.
    if (generation === this.generation) {
      this.entries.set(key, entry);
      while (this.entries.size > this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value!);
      }
    }
    return entry;
  }

  /** When the next public job expires (its answers must not be served past that instant). */
  private nextPublicExpiry(): Promise<number> {
    if (this.nextExpiry?.generation !== this.generation) {
      const at = this.source.nextExpiry(this.now());
      this.nextExpiry = { generation: this.generation, at };
      at.catch(() => (this.nextExpiry = undefined));
    }
    return this.nextExpiry!.at;
  }

  /** The version was read after every notice heard, and less than checkEveryMs ago. */
  private versionIsFresh(): boolean {
    return (
      this.noticesChecked >= this.notices && Date.now() - this.versionCheckedAt < this.checkEveryMs
    );
  }

  /**
   * Before an answer: unless the version is fresh, read it (one read shared by every request
   * waiting), and drop everything if another process changed the data. A read that began before
   * the latest notice does not cover it, so a second one follows: at most two rounds.
   */
  private async checkVersion(): Promise<void> {
    const heard = this.notices;
    const covered = () =>
      this.noticesChecked >= heard && Date.now() - this.versionCheckedAt < this.checkEveryMs;
    for (let round = 0; round < 2 && !covered(); round += 1) {
      this.versionCheck ??= this.readVersion();
      await this.versionCheck;
    }
  }

  private readVersion(): Promise<void> {
    const heard = this.notices;
    return (async () => {
      try {
        const version = await this.source.version();
        if (version !== this.knownVersion) {
          if (this.knownVersion !== -1) this.invalidate();
          this.knownVersion = version;
        }
        this.noticesChecked = Math.max(this.noticesChecked, heard);
        this.versionCheckedAt = Date.now();
      } finally {
        this.versionCheck = undefined;
      }
    })();
  }
}
