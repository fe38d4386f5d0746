import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import type { JobChanges } from './job-changes';

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
}

/**
 * The public reads of jobs (the board's pages, searches, one job, the filter choices) kept in
 * memory until jobs change. A write in this process drops everything once it has committed, before
 * its request answers, so no visitor sees a job as it was before an admin's save returned. A write
 * in another process is noticed through the database's jobs version, compared at most once every
 * `versionCheckMs` (one second): that is the longest another process serves the old answer. An
 * answer never outlives the next expiry of a public job, nor `maxAgeMs`.
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
  private versionCheck?: Promise<void>;
  private nextExpiry?: { generation: number; at: Promise<number> };
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly versionCheckMs: number;

  constructor(
    private readonly db: Knex,
    private readonly changes: JobChanges,
    private readonly now: () => Date,
    options: PublicCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.versionCheckMs = options.versionCheckMs ?? 1000;
    changes.onChange(() => this.invalidate());
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
      const now = this.now().getTime();
      const at = this.db('jobs')
        .where('active', true)
        .andWhere('expires_at', '>', now)
        .min({ at: 'expires_at' })
        .then((rows) => {
          const value = (rows[0] as { at?: unknown } | undefined)?.at;
          return value == null ? Number.POSITIVE_INFINITY : Number(value);
        });
      this.nextExpiry = { generation: this.generation, at };
      at.catch(() => (this.nextExpiry = undefined));
    }
    return this.nextExpiry!.at;
  }

  /** At most once per versionCheckMs: drop everything if another process changed jobs. */
  private async checkVersion(): Promise<void> {
    if (Date.now() - this.versionCheckedAt < this.versionCheckMs) return;
    this.versionCheck ??= (async () => {
      try {
        const version = await this.changes.version(this.db);
        if (version !== this.knownVersion) {
          if (this.knownVersion !== -1) this.invalidate();
          this.knownVersion = version;
        }
        this.versionCheckedAt = Date.now();
      } finally {
        this.versionCheck = undefined;
      }
    })();
    await this.versionCheck;
  }
}
