/**
 * Failed logins per username (lower-cased), counted in a sliding window: after `max` failures
 * the username is refused until the oldest failure leaves the window. Kept in memory: with
 * several server processes each counts its own, which still caps guessing at max x processes.
 * (The per-address limit is @fastify/rate-limit's.)
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until this username may try again; 0 when it may now. */
  waitMs(username: string, now: number): number {
    const recent = this.recent(username, now);
    return recent.length >= this.max ? recent[0]! + this.windowMs - now : 0;
  }

  fail(username: string, now: number): void {
    this.failures.set(username, [...this.recent(username, now), now]);
  }

  reset(username: string): void {
    this.failures.delete(username);
  }

  private recent(username: string, now: number): number[] {
    const recent = (this.failures.get(username) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length) this.failures.set(username, recent);
    else this.failures.delete(username);
    return recent;
  }
}
