import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Logos decoded at once in a process. A decode holds the whole picture in memory (a GIF of the
 * largest size taken, logo-image.ts's MAX_INPUT_PIXELS, about 100 MB), and sharp runs each on a
 * thread of libuv's pool (16 in production): 16 uploads at once held 1.4 GB. Two keep the
 * machine's two cores busy and the memory near 200 MB.
 */
export const LOGO_DECODES_AT_ONCE = 2;
/**
 * Uploads waiting for a decode at most; past them an upload is refused at once (LogosBusy: 503,
 * try again). Each waits with its file, at most 1 MB, and a decode takes well under a second.
 */
export const LOGO_DECODES_WAITING = 16;
/** What a refused upload is told to wait (Retry-After, seconds). */
export const LOGO_BUSY_RETRY_AFTER_SECONDS = 5;

/** Too many uploads wait for a decode already: try again in a moment. */
export class LogosBusy extends Error {
  constructor() {
    super('too many logos are waiting to be decoded');
    this.name = 'LogosBusy';
  }
}

/**
 * The one queue of a process's logo decodes (issue 43, finding 10): at most `atOnce` run, the
 * others wait their turn. An upload is refused past `waiting` uploads in line; the background
 * fetch (one logo at a time: logo-service.ts) always waits its turn, since refusing it would mark
 * a company's logo as failed.
 */
export class LogoDecodes {
  private readonly limit: LimitFunction;

  constructor(
    atOnce = LOGO_DECODES_AT_ONCE,
    private readonly waiting = LOGO_DECODES_WAITING,
  ) {
    this.limit = pLimit(atOnce);
  }

  /** An upload's decode, in its turn; LogosBusy at once when the line is full. */
  upload<T>(decode: () => Promise<T>): Promise<T> {
    // Running and waiting together: p-limit counts a task as waiting until its turn comes, even
    // one that finds a free slot (its turn is a microtask away).
    if (this.limit.activeCount + this.limit.pendingCount >= this.limit.concurrency + this.waiting) {
      return Promise.reject(new LogosBusy());
    }
    return this.limit(decode);
  }

  /** The background fetch's decode: in its turn, however many wait. */
  fetched<T>(decode: () => Promise<T>): Promise<T> {
    return this.limit(decode);
  }

  /** Decodes running and waiting (the tests). */
  get inLine(): number {
    return this.limit.activeCount + this.limit.pendingCount;
  }
}
