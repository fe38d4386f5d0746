import { windowMs, type RateLimit } from './rate-limits';

/**
 * Clients one window holds at most (some 10 MB). Past it a client not held yet is let through:
 * an attacker able to send from this many clients gets as far by spending each one's limit, while
 * refusing them would let that attacker stop every visitor being counted.
 */
export const PROCESS_LIMIT_MAX_CLIENTS = 100_000;

/**
 * A limit of the one table (rate-limits.ts, an entry whose `past` is 'uncounted') kept in this
 * process's memory rather than the database: for what the board counts for itself, where a
 * database write per request would cost more than the request (a view is counted with no write
 * of its own: job-stats/). Fixed windows of the limit's length, all clients' starting together
 * at a multiple of it on the request's clock (`now`), so a new window forgets every client at
 * once and the memory holds one window's clients. Each process counts its own: with n processes
 * a client may reach n times the figure.
 */
export class ProcessRateLimit {
  private window = Number.NaN;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: RateLimit,
    private readonly maxClients = PROCESS_LIMIT_MAX_CLIENTS,
  ) {}

  /** Whether one more from `client` (a clientKey) at `now` is within the limit; counted if it is. */
  take(client: string, now: Date): boolean {
    const window = Math.floor(now.getTime() / windowMs(this.limit));
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const count = this.counts.get(client) ?? 0;
    if (count >= this.limit.max) return false;
    if (count > 0 || this.counts.size < this.maxClients) this.counts.set(client, count + 1);
    return true;
  }
}
