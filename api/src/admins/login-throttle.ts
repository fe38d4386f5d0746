import { isIPv6 } from 'node:net';

/**
 * How sign-in attempts are slowed down, per (username, client address). The first few attempts
 * are free; from then on each attempt must wait a delay that doubles with every further attempt,
 * up to a cap. A success clears the pair; a pair unused for a day is forgotten.
 */
export const LOGIN_THROTTLE = {
  /** Attempts a (username, address) pair may make before the delays start. */
  freeAttempts: 5,
  /** The first delay; each further attempt doubles it... */
  baseDelayMs: 60_000,
  /** ...up to this. */
  maxDelayMs: 60 * 60_000,
  /** A pair with no attempt for this long starts again from zero. */
  forgetAfterMs: 24 * 60 * 60_000,
  /** Pairs remembered at most (least recently used first out): memory stays bounded. */
  maxEntries: 10_000,
} as const;

export type LoginThrottleOptions = { [K in keyof typeof LOGIN_THROTTLE]: number };

interface Entry {
  /** Attempts counted since the pair was last cleared. */
  attempts: number;
  /** No attempt is let through before this time (epoch ms). */
  blockedUntil: number;
  lastAttemptAt: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Sign-in throttle keyed by username and client address: someone guessing from one address slows
 * only themselves down, never the real admin signing in from elsewhere (the per-address limit of
 * @fastify/rate-limit caps how many usernames one address can try). An attempt is counted when it
 * starts, before the password is checked, so parallel attempts cannot all slip through while
 * argon2 works. Kept in memory, at most `maxEntries` pairs: with several server processes each
 * counts its own, which still caps guessing at a few attempts per delay per process.
 */
export class LoginThrottle {
  /** Map order is recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly options: LoginThrottleOptions;

  constructor(options: Partial<LoginThrottleOptions> = {}) {
    this.options = { ...LOGIN_THROTTLE, ...options };
  }

  /** Count an attempt of `username` from `address` now, or say how long it must wait. */
  attempt(username: string, address: string, now: number): ThrottleDecision {
    const key = throttleKey(username, address);
    let entry = this.entries.get(key);
    if (entry && now - entry.lastAttemptAt >= this.options.forgetAfterMs) entry = undefined;
    this.entries.delete(key);
    if (entry && entry.blockedUntil > now) {
      this.remember(key, entry);
      return { allowed: false, retryAfterMs: entry.blockedUntil - now };
    }
    const attempts = (entry?.attempts ?? 0) + 1;
    const over = attempts - this.options.freeAttempts;
    const delay =
      over >= 0 ? Math.min(this.options.baseDelayMs * 2 ** over, this.options.maxDelayMs) : 0;
    this.remember(key, { attempts, blockedUntil: now + delay, lastAttemptAt: now });
    return { allowed: true };
  }

  /** The password was right: this pair starts again from zero. */
  succeeded(username: string, address: string): void {
    this.entries.delete(throttleKey(username, address));
  }

  /** Pairs remembered now (never more than `maxEntries`). */
  get size(): number {
    return this.entries.size;
  }

  private remember(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }
}

/**
 * The client part of the key: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4
 * form), an IPv6 address by its /64 network, which one subscriber usually holds whole, so
 * walking through the addresses of one network does not buy fresh attempts.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function throttleKey(username: string, address: string): string {
  return `${username}\n${clientKey(address)}`;
}

/** The eight groups of an IPv6 address, '::' filled in, without a zone. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) =>
    g.replace(/^0+(?=.)/, ''),
  );
}
