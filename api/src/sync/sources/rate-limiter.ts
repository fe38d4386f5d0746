import { sleep } from './source';

/**
 * At most `perSecond` request starts in any second: each waits until the start `perSecond`
 * places before it is more than a second old (a sliding window, so bursts never exceed it).
 */
export class RateLimiter {
  private readonly starts: number[] = [];

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = () => performance.now(),
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {}

  async take(): Promise<void> {
    for (;;) {
      const now = this.clock();
      while (this.starts.length && now - this.starts[0]! >= WINDOW_MS) this.starts.shift();
      if (this.starts.length < this.perSecond) {
        this.starts.push(now);
        return;
      }
      // A few milliseconds past the window's end: timers may fire a hair early.
      await this.wait(WINDOW_MS - (now - this.starts[0]!) + 5);
    }
  }
}

// A second and a tenth: a request reaches the source a little after it starts here (connection set-up,
// scheduling), so a window of exactly a second could count six at the other end.
const WINDOW_MS = 1100;
