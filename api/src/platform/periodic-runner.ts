import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Work done every so often: the digests, the reminders, a purge (issue 41, R9). */
export interface PeriodicWork {
  /** What the log calls it: a run that throws is logged as '<name> failed'. */
  name: string;
  /** Time between runs (ms). 0 or less turns it off: no run at all, not even when asked. */
  everyMs: number;
  /** One run. What it throws is logged, never thrown on. */
  run: () => Promise<unknown>;
  /** How a failed run is logged: 'error', or 'warn' for a purge the next run does anyway. */
  failureLevel?: 'error' | 'warn';
}

/**
 * The one periodic runner: an interval that never holds the process open (unref), one run at a
 * time (a run asked for while one is in flight, by the interval or by `runNow`, comes once right
 * after it, never beside it), failures logged, and `stop()` that ends the interval and waits for
 * the run in flight. Every background loop of the API is one of these (`runPeriodically`).
 */
export class PeriodicRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private started = 0;

  constructor(
    private readonly work: PeriodicWork,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  get name(): string {
    return this.work.name;
  }

  /** Runs started so far (tests count them). */
  get runs(): number {
    return this.started;
  }

  /** Whether it runs at all (a positive interval). */
  get on(): boolean {
    return this.work.everyMs > 0;
  }

  /** Run every `everyMs` from now on (nothing when off, stopped or started already). */
  start(): void {
    if (!this.on || this.stopped || this.timer) return;
    this.timer = setInterval(() => this.runNow(), this.work.everyMs);
    this.timer.unref();
  }

  /** A run now, or right after the one in flight (several asks while it runs make one run). */
  runNow(): void {
    if (!this.on || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runWhileAsked();
  }

  private async runWhileAsked(): Promise<void> {
    do {
      this.again = false;
      this.started += 1;
      try {
        // Called a tick later, so that even a run that throws at once finds `running` set.
        await Promise.resolve().then(() => this.work.run());
      } catch (error) {
        this.log[this.work.failureLevel ?? 'error']({ err: error }, `${this.work.name} failed`);
      }
    } while (this.again && !this.stopped);
    this.running = null;
  }

  /** Settles once no run is in flight, nor asked for after it. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No more runs; settles once the run in flight is done. */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.idle();
  }
}

/**
 * The app's periodic work: a PeriodicRunner started when the app is ready (and run then too with
 * `atStart`), whose runs do nothing until the schema is current (a start before `jobboard
 * migrate`), stopped on close once its run in flight is done.
 */
export function runPeriodically(
  app: FastifyInstance,
  work: PeriodicWork & { atStart?: boolean },
): PeriodicRunner {
  const runner = new PeriodicRunner(
    {
      ...work,
      run: async () => ((await app.schemaCurrent()) ? work.run() : undefined),
    },
    app.log,
  );
  app.addHook('onReady', async () => {
    runner.start();
    if (work.atStart) runner.runNow();
  });
  app.addHook('onClose', async () => runner.stop());
  return runner;
}
