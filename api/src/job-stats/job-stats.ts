import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { DayCounts, JobStatsRepository, StatKind, VisitorRow } from './job-stats-repository';

const DAY_MS = 24 * 60 * 60_000;

/** The UTC date of a moment, 'YYYY-MM-DD'. */
export const utcDay = (at: Date | number): string =>
  new Date(typeof at === 'number' ? at : at.getTime()).toISOString().slice(0, 10);

/** How the buffer is written: at most every `flushMs`, or at once past `maxBuffered` entries. */
export interface FlushPolicy {
  flushMs: number;
  maxBuffered: number;
}

/** One job's numbers on one day of a range: every day there, zeros filled. */
export interface StatsDay {
  day: string;
  views: number;
  applyClicks: number;
}

/**
 * Views and apply clicks, per job and UTC day, one per visitor (docs/product.md#numbers). The
 * visitor is the SHA-256 of the day's random salt (job_stat_salts, shared by every process, deleted
 * with its day), the client key (an IPv4 address, an IPv6 /64) and the user agent: no cookie, and
 * neither the address nor the agent is stored. A count costs its request a hash and a push: the
 * visitors are buffered and written in one multi-row insert that ignores duplicates, every
 * `flushMs` or past `maxBuffered`, and when the app closes. Past days are rolled up into one row
 * per job and day, and their hashes and salt deleted.
 */
export class JobStats {
  private buffer = new Map<string, VisitorRow>();
  private salts = new Map<string, Promise<string>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Knex,
    private readonly repository: JobStatsRepository,
    private readonly policy: FlushPolicy,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Counts one visitor of a live job: `clientKey` and `userAgent` are hashed with the day's salt
   * at once and dropped. The write happens later, in a batch (`flush`).
   */
  async count(
    kind: StatKind,
    jobId: number,
    clientKey: string,
    userAgent: string,
    now: Date,
  ): Promise<void> {
    const day = utcDay(now);
    const salt = await this.saltOf(day);
    const visitor = createHash('sha256')
      .update(`${salt}\n${clientKey}\n${userAgent}`)
      .digest('hex');
    this.buffer.set(`${day}:${jobId}:${kind}:${visitor}`, { day, jobId, kind, visitor });
    if (this.buffer.size >= this.policy.maxBuffered) void this.flush();
    else if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), this.policy.flushMs);
      this.timer.unref();
    }
  }

  /** How many counts wait to be written. */
  get buffered(): number {
    return this.buffer.size;
  }

  /**
   * Writes what is buffered, one flush after another; settles once everything buffered before
   * the call is written (or its failure logged: a count is worth no error to anyone).
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.buffer.values()];
    this.buffer = new Map();
    this.flushing = this.flushing.then(async () => {
      if (rows.length === 0) return;
      try {
        await this.repository.insertVisitors(this.db, rows);
      } catch (error) {
        this.log.error({ err: error, counts: rows.length }, 'job stats: a batch was not written');
      }
    });
    return this.flushing;
  }

  /** Stops the timer and writes what is left: the app is closing. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /**
   * Rolls up every day before today: its visitors become counts in job_daily_stats and are
   * deleted, and its salt with them. Safe in several processes at once (each visitor row is
   * counted by the one roll-up that deleted it).
   */
  async rollUp(now: Date): Promise<{ days: number; visitors: number; salts: number }> {
    const today = utcDay(now);
    await this.flush();
    let visitors = 0;
    const days = await this.repository.daysToRollUp(this.db, today);
    for (const day of days) visitors += await this.repository.rollUpDay(this.db, day);
    const salts = await this.repository.deleteSaltsBefore(this.db, today);
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    return { days: days.length, visitors, salts };
  }

  /**
   * The numbers of these jobs over the `days` UTC days that end today, every day there (zeros
   * filled), oldest first: job id to its days. What the admin's job view and the employer's
   * page show.
   */
  async daily(jobIds: number[], days: number, now: Date): Promise<Map<number, StatsDay[]>> {
    const range = dayRange(now, days);
    const found: DayCounts[] = await this.repository.daily(
      this.db,
      jobIds,
      range[0]!,
      range[range.length - 1]!,
    );
    const byKey = new Map(found.map((c) => [`${c.jobId}:${c.day}`, c]));
    return new Map(
      jobIds.map((jobId) => [
        jobId,
        range.map((day) => {
          const c = byKey.get(`${jobId}:${day}`);
          return { day, views: c?.views ?? 0, applyClicks: c?.applyClicks ?? 0 };
        }),
      ]),
    );
  }

  /** Every job's totals over all time (the admins' jobs CSV). */
  totals(jobIds: number[]) {
    return this.repository.totals(this.db, jobIds);
  }

  /** How many visitor hashes and salts are kept. */
  kept() {
    return this.repository.kept(this.db);
  }

  private saltOf(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.repository.salt(this.db, day, randomBytes(32).toString('hex'));
      // A failed read is not kept: the next count asks again.
      salt.catch(() => this.salts.delete(day));
      this.salts.set(day, salt);
    }
    return salt;
  }
}

/** The `days` UTC dates that end with today, oldest first. */
export function dayRange(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * DAY_MS));
}
