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

/**
 * How wrong one-time codes are slowed down per admin account, whatever the address they come from
 * (issue 43, finding 1): the per-(username, address) throttle alone let one IPv6 /48 make about
 * 1.3 million guesses a day. The same doubling, capped lower: someone who has the password can
 * keep one-time codes paused, but the admin waits at most this long after a wrong guess of
 * theirs, and their recovery codes are never paused (80 bits: not worth limiting per account).
 * At the cap a guesser gets one try per 15 minutes: 96 a day, against a million codes.
 */
export const CODE_GUESS_LIMIT = {
  freeAttempts: 5,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  /** The rows share login_throttle, and its purge: the same day. */
  forgetAfterMs: LOGIN_THROTTLE.forgetAfterMs,
} as const;

export type LoginThrottleOptions = { [K in keyof typeof LOGIN_THROTTLE]: number };

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** What a counted one-time code of an account may start: the first wait of a back-off. */
export type CodeGuessDecision =
  { allowed: true; startsBackOff: boolean } | { allowed: false; retryAfterMs: number };

/** The account whose one-time codes are counted: a new password or 2FA starts it afresh. */
export interface CodeGuessAccount {
  id: number;
  credentialsVersion: number;
}

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
  private readonly counter: BackOffCounter;

  constructor(db: Knex, options: Partial<LoginThrottleOptions> = {}) {
    this.counter = new BackOffCounter(db, { ...LOGIN_THROTTLE, ...options });
  }

  /** Count an attempt of `username` from `address` at `now` (epoch ms), or say how long to wait. */
  async attempt(username: string, address: string, now: number): Promise<ThrottleDecision> {
    const decision = await this.counter.count(throttleKey(username, address), now);
    return decision.allowed ? { allowed: true } : decision;
  }

  /** The password was right: this pair starts again from zero. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.counter.clear(throttleKey(username, address));
  }

  /**
   * Forget the rows left alone for `forgetAfterMs` (they would only start from zero): the pairs',
   * and the accounts' of CodeGuessLimit, which share the table and the day.
   */
  async purge(now: number): Promise<number> {
    return this.counter.purge(now);
  }
}

/**
 * The per-account limit of one-time codes (CODE_GUESS_LIMIT), beside the per-(username, address)
 * throttle and in the same table, so every API process counts the same guesses. A code is counted
 * before it is checked (parallel guesses are all counted) and a right one clears the account. The
 * key names the account's credentials version: a new password (after which whoever guessed cannot
 * reach the code step) starts it afresh.
 */
export class CodeGuessLimit {
  private readonly counter: BackOffCounter;
  private readonly freeAttempts: number;

  constructor(db: Knex, options: Partial<LoginThrottleOptions> = {}) {
    const settings = { ...CODE_GUESS_LIMIT, ...options };
    this.counter = new BackOffCounter(db, settings);
    this.freeAttempts = settings.freeAttempts;
  }

  /**
   * Count a one-time code for `account` at `now`, or say how long its codes are paused.
   * `startsBackOff`: this is the code which, if wrong, starts the account's first wait (once in
   * an episode: until a right code, a new password, or a day without guesses).
   */
  async attempt(account: CodeGuessAccount, now: number): Promise<CodeGuessDecision> {
    const decision = await this.counter.count(accountKey(account), now);
    return decision.allowed
      ? { allowed: true, startsBackOff: decision.attempts === this.freeAttempts }
      : decision;
  }

  /** A right code: the account starts again from zero. */
  async succeeded(account: CodeGuessAccount): Promise<void> {
    await this.counter.clear(accountKey(account));
  }
}

/**
 * The counting both share: one row per key in `login_throttle`, each attempt one INSERT ... ON
 * CONFLICT DO UPDATE that counts it and sets the next delay only if the key is not waiting.
 */
class BackOffCounter {
  constructor(
    private readonly db: Knex,
    private readonly options: LoginThrottleOptions,
  ) {
    if (options.freeAttempts < 1) throw new Error('freeAttempts must be at least 1');
  }

  /** Count an attempt of `key` at `now` (epoch ms): the attempts so far, or how long to wait. */
  async count(
    key: string,
    now: number,
  ): Promise<{ allowed: true; attempts: number } | { allowed: false; retryAfterMs: number }> {
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
      const [countedRow] = counted;
      if (countedRow) return { allowed: true, attempts: Number(countedRow.attempts) };
      // Not counted: the pair is waiting. How long (unless the wait has just ended: count again).
      const row = await this.db('login_throttle').where({ key }).first('blocked_until');
      if (row && Number(row.blocked_until) > now) {
        return { allowed: false, retryAfterMs: Number(row.blocked_until) - now };
      }
    }
    throw new Error('login throttle: the attempt could not be counted');
  }

  async clear(key: string): Promise<void> {
    await this.db('login_throttle').where({ key }).delete();
  }

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

/** The key of an account's one-time codes (never a pair's: those hash a username and an address). */
function accountKey(account: CodeGuessAccount): string {
  return createHash('sha256')
    .update(`one-time codes of admin #${account.id}, credentials ${account.credentialsVersion}`)
    .digest('hex');
}

/** The rows of a raw query: PostgreSQL wraps them in a result, SQLite returns them as they are. */
function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return (result as { rows: Row[] }).rows;
}
