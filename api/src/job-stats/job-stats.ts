import { hash, randomBytes } from 'node:crypto';
import { DAY_MS, isoDate } from '@jobboard/contract/common';
import type { Channel, ChannelCounts, JobStats as JobStatsView } from '@jobboard/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { JobStatsRepository, StatKind, VisitorGroup } from './job-stats-repository';
import { Tally } from './repositories/tally';

/**
 * How the buffer is written: `flushMs` after the first count that found it empty (so once every
 * `flushMs` while counts come), or at once when it holds `maxBuffered` entries (a bound on its
 * memory, not the usual way: see plugin.ts).
 */
export interface FlushPolicy {
  flushMs: number;
  maxBuffered: number;
}

/** A group's visitors: each hash with the channel of its first count. */
type BufferedGroup = VisitorGroup & { visitors: Map<string, Channel> };

/** One job's (or the board's) numbers on one day of a range: every day there, zeros filled. */
export interface StatsDay {
  day: string;
  views: number;
  applyClicks: number;
  /** By channel: those with any, in CHANNELS' order. */
  channels: ChannelCounts[];
}

/**
 * Views and apply clicks, per job and UTC day, one per visitor, each for the channel the visitor
 * first came by that day (docs/product.md#numbers). The visitor is the SHA-256 of the day's
 * random salt (job_stat_salts, shared by every process, deleted with its day) and the client key
 * (an IPv4 address, an IPv6 /64) alone: no cookie, the address is not stored, and the user agent
 * plays no part, so a client sending a new agent with each request is still one visitor (issue
 * 45; before, each new agent was a new visitor). A count costs its request a hash and a push: the visitors are buffered and
 * written in batches that ignore duplicates (JobStatsRepository.insertVisitors), every
 * `flushMs` or at `maxBuffered`, and when the app closes. The batches are large on purpose: the
 * visitors' index takes random keys, and one large write touches each of its pages once where
 * many small ones rewrite the same pages (bench: counting). Past days are rolled up into one row
 * per job and day (and per job, day and channel, and per day and channel for the whole board),
 * and their hashes and salt deleted.
 */
export class JobStats {
  /** The visitors to write, by job, day and kind ('day:jobId:kind'), and how many in all. */
  private buffer = new Map<string, BufferedGroup>();
  private size = 0;
  /** The group of the last count (in the buffer): a job's visitors often come one after another. */
  private lastGroup: BufferedGroup | undefined;
  private salts = new Map<string, Promise<string>>();
  /** The salts read, by day: a count of a day whose salt is known needs no promise. */
  private knownSalts = new Map<string, string>();
  /** The UTC day of the last count and the moments it spans, [from, to): a count's day, cheaply. */
  private day = { day: '', from: 0, to: 0 };
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
   * Counts one visitor of a live job, for `channel` (where the visit came from): `clientKey` is
   * hashed with the day's salt at once and dropped. The write happens later, in a
   * batch (`flush`). Done when it returns, unless the day's salt is not known yet: then the promise
   * settles once it is counted (or rejects if the salt cannot be read).
   */
  count(
    kind: StatKind,
    jobId: number,
    channel: Channel,
    clientKey: string,
    now: Date,
  ): Promise<void> | undefined {
    const day = this.dayOf(now.getTime());
    const salt = this.knownSalts.get(day);
    if (salt === undefined) {
      return this.saltOf(day).then((read) => this.add(kind, jobId, channel, day, read, clientKey));
    }
    this.add(kind, jobId, channel, day, salt, clientKey);
    return undefined;
  }

  private add(
    kind: StatKind,
    jobId: number,
    channel: Channel,
    day: string,
    salt: string,
    clientKey: string,
  ): void {
    const visitor = hash('sha256', `${salt}\n${clientKey}`, 'hex');
    let group = this.lastGroup;
    if (group?.jobId !== jobId || group.kind !== kind || group.day !== day) {
      const key = `${day}:${jobId}:${kind}`;
      group = this.buffer.get(key);
      if (!group) this.buffer.set(key, (group = { day, jobId, kind, visitors: new Map() }));
      this.lastGroup = group;
    }
    // A visitor already buffered keeps the channel it came by first (as the table does).
    if (!group.visitors.has(visitor)) {
      group.visitors.set(visitor, channel);
      this.size += 1;
    }
    if (this.size >= this.policy.maxBuffered) void this.flush();
    else if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), this.policy.flushMs);
      this.timer.unref();
    }
  }

  /** How many counts wait to be written. */
  get buffered(): number {
    return this.size;
  }

  /**
   * Writes what is buffered, one flush after another; settles once everything buffered before
   * the call is written (or its failure logged: a count is worth no error to anyone). The call
   * itself only swaps the buffer for an empty one: the count that fills it pays nothing more.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.buffer.values()];
    const counts = this.size;
    this.buffer = new Map();
    this.size = 0;
    this.lastGroup = undefined;
    this.flushing = this.flushing.then(async () => {
      if (counts === 0) return;
      try {
        await this.repository.insertVisitors(this.db, batch);
      } catch (error) {
        this.log.error({ err: error, counts }, 'job stats: a batch was not written');
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
    const today = isoDate(now);
    await this.flush();
    let visitors = 0;
    const days = await this.repository.daysToRollUp(this.db, today);
    for (const day of days) visitors += await this.repository.rollUpDay(this.db, day);
    const salts = await this.repository.deleteSaltsBefore(this.db, today);
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    for (const day of this.knownSalts.keys()) if (day < today) this.knownSalts.delete(day);
    return { days: days.length, visitors, salts };
  }

  /**
   * The numbers of these jobs over the `days` UTC days that end today, every day there (zeros
   * filled), oldest first, by channel: job id to its days. What the admin's job view and the
   * employer's page show.
   */
  async daily(jobIds: number[], days: number, now: Date): Promise<Map<number, StatsDay[]>> {
    const range = dayRange(now, days);
    const found = await this.repository.daily(this.db, jobIds, range[0]!, range.at(-1)!);
    const byKey = new Map(found.map((c) => [`${c.jobId}:${c.day}`, c]));
    return new Map(
      jobIds.map((jobId) => [jobId, range.map((day) => dayOf(day, byKey.get(`${jobId}:${day}`)))]),
    );
  }

  /**
   * The whole board's numbers over the `days` UTC days that end today, by channel, every day
   * there (zeros filled), oldest first: the admin's dashboard.
   */
  async boardDaily(days: number, now: Date): Promise<StatsDay[]> {
    const range = dayRange(now, days);
    const found = await this.repository.boardDaily(this.db, range[0]!, range.at(-1)!);
    const byDay = new Map(found.map((c) => [c.day, c]));
    return range.map((day) => dayOf(day, byDay.get(day)));
  }

  /** Every job's totals over all time, by channel (the admins' jobs CSV). */
  totals(jobIds: number[]) {
    return this.repository.totals(this.db, jobIds);
  }

  /** How many visitor hashes and salts are kept. */
  kept() {
    return this.repository.kept(this.db);
  }

  /** The UTC day of a moment; the same answer as isoDate, worked out once a day. */
  private dayOf(at: number): string {
    if (at < this.day.from || at >= this.day.to) {
      const from = at - (((at % DAY_MS) + DAY_MS) % DAY_MS);
      this.day = { day: isoDate(from), from, to: from + DAY_MS };
    }
    return this.day.day;
  }

  private saltOf(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.repository.salt(this.db, day, randomBytes(32).toString('hex'));
      // A failed read is not kept: the next count asks again.
      salt.then(
        (read) => this.salts.get(day) === salt && this.knownSalts.set(day, read),
        () => this.salts.delete(day),
      );
      this.salts.set(day, salt);
    }
    return salt;
  }
}

/** A day of a range: its counts, or zeros. */
const dayOf = (day: string, counts: Omit<StatsDay, 'day'> | undefined): StatsDay => ({
  day,
  views: counts?.views ?? 0,
  applyClicks: counts?.applyClicks ?? 0,
  channels: counts?.channels ?? [],
});

/**
 * Days as the chart and its tables take them (the admin's job page and dashboard, the employer's
 * page): the days, their totals and their totals by channel.
 */
export function statsOf(days: StatsDay[]): JobStatsView {
  const all = new Tally();
  for (const day of days) {
    for (const c of day.channels) all.addChannel(c.channel, c.views, c.applyClicks);
  }
  return {
    days,
    totalViews: days.reduce((sum, d) => sum + d.views, 0),
    totalApplyClicks: days.reduce((sum, d) => sum + d.applyClicks, 0),
    channels: all.channels(),
  };
}

/** The `days` UTC dates that end with today, oldest first. */
export function dayRange(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => isoDate(today - (days - 1 - i) * DAY_MS));
}
