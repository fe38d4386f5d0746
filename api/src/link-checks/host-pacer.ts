/** The time a run reads and how it waits: the real ones in the app, a test's own in its tests. */
export interface PacerClock {
  /** Epoch ms. */
  now(): number;
  /** Settles after `ms`, or rejects as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** setTimeout's wait, ended by the run's stop. */
export function realSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('stopped'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new Error('stopped'));
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * At most one request to a host per `gapMs` across a run (docs/operations.md#application-link-checks),
 * whichever listing, hop or retry asks: each request books its host's next turn before it waits,
 * so requests to one host from several workers at once still go one `gapMs` apart, in the order
 * they asked. A host is a URL's name and port (`URL.host`).
 */
export class HostPacer {
  private readonly nextTurn = new Map<string, number>();
  /** Turns waited for (a host asked again before its gap ran out), for the tests and the measure. */
  waits = 0;

  constructor(
    private readonly gapMs: number,
    private readonly clock: PacerClock,
  ) {}

  /** Settles when `host` may be asked (now, or once its gap since the last request ran out). */
  async turn(host: string, signal: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(now, this.nextTurn.get(host) ?? now);
    this.nextTurn.set(host, at + this.gapMs);
    if (at > now) {
      this.waits += 1;
      await this.clock.sleep(at - now, signal);
    }
  }

  /** Hosts asked so far in the run. */
  get hosts(): number {
    return this.nextTurn.size;
  }
}
