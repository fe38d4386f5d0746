import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { clientKey } from '../platform/http/client-key';

/**
 * How sign-in attempts are slowed down, per (username, client address). The first few attempts
 * are free; from then on each attempt must wait a delay that doubles with every further attempt,
 * up to a cap. A success clears the pair; a pair unused for a day is forgotten.
 */
export const LOGIN_THROTTLE = {
  /** Attempts a (username, address) pair may make before the delays start (at least 1). */
  freeAttempts: 5,
  /** The first delay; each further attempt doubles it... */
  baseDelayMs: 60_000,
  /** ...up to this. */
  maxDelayMs: 60 * 60_000,
  /** A pair with no attempt for this long starts again from zero (and its row is purged). */
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

export type LoginThrottleOptions = { [K in keyof typeof LOGIN_THROTTLE]: number };

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Sign-in throttle keyed by username and client address (an IPv6 /64 as one client,
 * platform/http/client-key.ts): someone guessing from one address slows only themselves down, never the
 * real admin signing in from elsewhere (the per-address route limit caps how many usernames one
 * address can try). An attempt is counted when it starts, before the password is checked, so
 * parallel attempts cannot all slip through while argon2 works.
 *
 * Kept in the database (table `login_throttle`), so every API process counts the same attempts:
 * each attempt is one INSERT ... ON CONFLICT DO UPDATE that counts it and sets the next delay only
 * if the pair is not waiting, atomic on PostgreSQL and SQLite alike.
 */
export class LoginThrottle {
  private readonly options: LoginThrottleOptions;

  constructor(
    private readonly db: Knex,
    options: Partial<LoginThrottleOptions> = {},
  ) {
    this.options = { ...LOGIN_THROTTLE, ...options };
    if (this.options.freeAttempts < 1) throw new Error('freeAttempts must be at least 1');
  }

  /** Count an attempt of `username` from `address` at `now` (epoch ms), or say how long to wait. */
  async attempt(username: string, address: string, now: number): Promise<ThrottleDecision> {
    const key = throttleKey(username, address);
    const { freeAttempts, baseDelayMs, maxDelayMs, forgetAfterMs } = this.options;
    const firstDelay = freeAttempts === 1 ? baseDelayMs : 0;
    // Each value is cast: PostgreSQL cannot type a bare parameter in arithmetic.
    const n = 'CAST(? AS BIGINT)';
    const fresh = `${n} - login_throttle.last_attempt_at >= ${n}`;
    const delay = `CASE
        WHEN ${fresh} THEN ${n}
        WHEN login_throttle.attempts + 1 < ${n} THEN 0
        WHEN login_throttle.attempts + 1 = ${n} THEN ${n}
        WHEN login_throttle.delay_ms * 2 >= ${n} THEN ${n}
        WHEN login_throttle.delay_ms * 2 < ${n} THEN ${n}
        ELSE login_throttle.delay_ms * 2 END`;
    const delayBindings = [
      ...[now, forgetAfterMs, firstDelay],
      freeAttempts,
      ...[freeAttempts, baseDelayMs],
      ...[maxDelayMs, maxDelayMs],
      ...[baseDelayMs, baseDelayMs],
    ];
    for (let tries = 0; tries < 3; tries++) {
      const counted = rowsOf<{ attempts: number }>(
        await this.db.raw(
          `INSERT INTO login_throttle (key, attempts, delay_ms, blocked_until, last_attempt_at)
           VALUES (?, 1, ${n}, ${n}, ${n})
           ON CONFLICT (key) DO UPDATE SET
             attempts = CASE WHEN ${fresh} THEN 1 ELSE login_throttle.attempts + 1 END,
             delay_ms = ${delay},
             blocked_until = ${n} + ${delay},
             last_attempt_at = ${n}
           WHERE login_throttle.blocked_until <= ${n} OR ${fresh}
           RETURNING attempts`,
          [
            ...[key, firstDelay, now + firstDelay, now],
            ...[now, forgetAfterMs],
            ...delayBindings,
            now,
            ...delayBindings,
            now,
            ...[now, now, forgetAfterMs],
          ],
        ),
      );
      if (counted.length) return { allowed: true };
      // Not counted: the pair is waiting. How long (unless the wait has just ended: count again).
      const row = await this.db('login_throttle').where({ key }).first('blocked_until');
      if (row && Number(row.blocked_until) > now) {
        return { allowed: false, retryAfterMs: Number(row.blocked_until) - now };
      }
    }
    throw new Error('login throttle: the attempt could not be counted');
  }

  /** The password was right: this pair starts again from zero. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.db('login_throttle')
      .where({ key: throttleKey(username, address) })
      .delete();
  }

  /** Forget the pairs left alone for `forgetAfterMs` (their rows would only start from zero). */
  async purge(now: number): Promise<number> {
    return this.db('login_throttle')
      .where('last_attempt_at', '<=', now - this.options.forgetAfterMs)
      .delete();
  }
}

/** A fixed-width key for the pair: the username may be long, the column is not. */
function throttleKey(username: string, address: string): string {
  return createHash('sha256')
    .update(`${username}\n${clientKey(address)}`)
    .digest('hex');
}

/** The rows of a raw query: PostgreSQL wraps them in a result, SQLite returns them as they are. */
function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return (result as { rows: Row[] }).rows;
}
