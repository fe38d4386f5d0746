import type { FastifyBaseLogger } from 'fastify';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { databaseUrlShown, type ReadReplicasConfig } from '../config';
import { READINESS_TIMEOUT_MS, withTimeout } from '../ops/probes';
import type { KnexLog } from './knex';

/**
 * PostgreSQL read replicas (DATABASE_READ_URL): where the public reads go (jobs/plugin.ts routes
 * the public jobs repository through `routed`). Writes, and the admins', employers' and background
 * jobs' reads, never come here: they use `app.db`, the primary.
 *
 * Health is read in the background, every READ_REPLICA_CHECK_MS, never per request: a replica
 * that does not answer is `down`, one further behind the primary than READ_REPLICA_MAX_LAG_SECONDS
 * is `lagging`; either is skipped (the read goes to another replica or the primary) until a later
 * check finds it well again. A read that fails on a replica (it died between two checks) is run
 * again on the primary at once, so the visitor sees no error, and the replica is skipped from then
 * until a check finds it answering. The log says when a replica is skipped and when it is back,
 * once each, by its URL without credentials.
 *
 * Read your own writes, and no stale answer kept in the public-read cache. The cache is dropped
 * when a job change commits (this process's, or another's seen through the jobs version); the
 * answers computed next are kept as current until the next change. So the rule is per process,
 * not per session: after a job change becomes known here (`markChanged`, called before the cache
 * is dropped), every public read goes to the primary until a check has read the primary's WAL
 * position (`pg_current_wal_insert_lsn()`, read after the change was known, so past its commit
 * record even with synchronous_commit off, where `pg_current_wal_lsn()` may still be before it) and
 * a replica has replayed up to it (`pg_last_wal_replay_lsn()`). Then that replica holds every
 * change this process knows of, and whatever is computed from it may be cached as current. An
 * admin who saves and then opens the public page (through this process) thus reads the primary, or
 * a replica that has the save: never the board from before it. A change made through another
 * process is known here as the cache learns of it (its NOTIFY, jobs/listener/plugin.ts, or the
 * jobs-version poll), the same moment the cache forgets its old answers. The cost: a job change
 * sends the public reads to the primary for one check's round trip plus the replica's replay,
 * usually milliseconds. Pinning a session to the primary for a few seconds was the other choice;
 * it does not protect the shared cache (a visitor's read from a lagging replica would be cached
 * and then served to the admin), and a fixed time is wrong whenever the replica lags longer.
 */
export type ReplicaState = 'starting' | 'ok' | 'lagging' | 'down';

export interface ReplicaStatus {
  /** The replica's URL without credentials (`postgres://replica1:5432/board`). */
  name: string;
  state: ReplicaState;
  /** How far behind the primary it is, in seconds (null when down or not checked yet). */
  lagSeconds: number | null;
}

export class Replica {
  state: ReplicaState = 'starting';
  lagSeconds: number | null = null;
  /** The WAL position it had replayed at the last check (-1 before one). */
  replayLsn = -1n;
  /** When a check last found it holding everything the primary had just before (epoch ms). */
  caughtUpAt: number | null = null;
  /** Reads answered by it since the start (metrics). */
  reads = 0;

  constructor(
    readonly name: string,
    /** The pool the public reads use. */
    readonly db: Knex,
    /** One connection of its own for the health checks: a busy read pool does not delay them. */
    readonly checkDb: Knex,
  ) {}

  status(): ReplicaStatus {
    return { name: this.name, state: this.state, lagSeconds: this.lagSeconds };
  }
}

interface ReplicaReading {
  standby: boolean;
  replay: string | null;
  replay_age: number | string | null;
}

export class ReadReplicas {
  readonly replicas: Replica[];
  /** Reads that went to the primary since the start (no usable replica, or a replica failed). */
  primaryReads = 0;
  private turn = 0;
  /** A replica must have replayed up to here to be read: every job change known here is below it. */
  private target = 0n;
  /**
   * Job changes made known (markChanged), and how many of them `target` covers. One at the start:
   * whatever was committed before this process started must be on a replica before it is read
   * (the cache would keep an older answer as current).
   */
  private changesKnown = 1;
  private changesCovered = 0;
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private checkAgain = false;
  private closed = false;
  private readonly maxLagSeconds: number;
  private readonly checkIntervalMs: number;

  constructor(
    private readonly primary: Knex,
    config: ReadReplicasConfig,
    private readonly log: FastifyBaseLogger,
    knexLog?: KnexLog,
    private readonly clock: () => number = Date.now,
  ) {
    this.maxLagSeconds = config.maxLagSeconds;
    this.checkIntervalMs = config.checkIntervalMs;
    this.replicas = config.urls.map(
      (url) =>
        new Replica(
          databaseUrlShown(url),
          replicaKnex(url, 10, knexLog),
          replicaKnex(url, 1, knexLog),
        ),
    );
  }

  /** Check at once, then every READ_REPLICA_CHECK_MS. */
  start(): void {
    void this.checkSoon();
    this.timer = setInterval(() => void this.checkSoon(), this.checkIntervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.checking?.catch(() => {});
    await Promise.all(this.replicas.flatMap((r) => [r.db.destroy(), r.checkDb.destroy()]));
  }

  statuses(): ReplicaStatus[] {
    return this.replicas.map((r) => r.status());
  }

  /**
   * A job change is known here (committed on the primary): public reads go to the primary until a
   * replica has replayed it (see above). Call it before the public-read cache is dropped.
   */
  markChanged(): void {
    this.changesKnown += 1;
    void this.checkSoon();
  }

  /** The replica the next public read goes to, in turn; null for the primary. */
  pick(): Replica | null {
    if (this.changesCovered !== this.changesKnown) return null;
    const usable = this.replicas.filter((r) => r.state === 'ok' && r.replayLsn >= this.target);
    if (!usable.length) return null;
    this.turn = (this.turn + 1) % usable.length;
    return usable[this.turn]!;
  }

  /**
   * Run a public read on the replica `pick` gives (`work(replica)`) or on the primary
   * (`work(null)`). A read that fails on a replica is run again on the primary, and the replica is
   * skipped until a check finds it answering.
   */
  async read<T>(work: (replica: Replica | null) => Promise<T>): Promise<T> {
    const replica = this.pick();
    if (replica) {
      try {
        const result = await work(replica);
        replica.reads += 1;
        return result;
      } catch (error) {
        this.failed(replica, error);
      }
    }
    this.primaryReads += 1;
    return work(null);
  }

  /**
   * `primary` with each of its methods run as a public read (`read`): on the same object made for
   * the chosen replica's pool by `make`, or on `primary` itself. Every method of the object must
   * return a promise.
   */
  routed<T extends object>(make: (db: Knex) => T, primary: T): T {
    const copies = new Map(this.replicas.map((replica) => [replica, make(replica.db)]));
    return new Proxy(primary, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          this.read((replica) =>
            Promise.resolve(
              Reflect.apply(value, replica ? (copies.get(replica) ?? target) : target, args),
            ),
          );
      },
    });
  }

  /** Check now, or once more right after the check that runs (a change became known during it). */
  checkSoon(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = (async () => {
      try {
        do {
          this.checkAgain = false;
          await this.check();
        } while (this.checkAgain && !this.closed);
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  private failed(replica: Replica, error: unknown): void {
    // The query's own fault (a bad value, a bug) fails on the primary too: no reason to skip it.
    if (!replicaFault(error)) return;
    if (replica.state === 'ok') {
      this.log.warn(
        { replica: replica.name, err: error },
        'read replica skipped: a read failed on it (run again on the primary)',
      );
    }
    replica.state = 'down';
    replica.lagSeconds = null;
    void this.checkSoon();
  }

  /**
   * One check: the primary's WAL position (where the next record goes) first, then each replica's replay position and age. A
   * replica that has replayed the primary's position holds everything committed before the check
   * began (lag 0); one behind is as old as its newest replayed commit, or as the last check that
   * found it caught up, whichever is newer.
   */
  private async check(): Promise<void> {
    const known = this.changesKnown;
    const startedAt = this.clock();
    let primaryLsn: bigint;
    try {
      const result = await withTimeout(
        this.primary.raw<{ rows: { lsn: string }[] }>(
          'select pg_current_wal_insert_lsn()::text as lsn',
        ),
        READINESS_TIMEOUT_MS,
      );
      primaryLsn = parseLsn(result.rows[0]!.lsn);
    } catch (error) {
      // Nothing to compare with: the replicas keep their state, the reads stay where they were
      // sent (after a change: the primary), and the next check tries again.
      this.log.debug({ err: error }, 'read replicas: the primary did not answer the check');
      return;
    }
    if (known !== this.changesCovered) {
      this.target = primaryLsn > this.target ? primaryLsn : this.target;
      this.changesCovered = known;
    }
    await Promise.all(
      this.replicas.map((replica) => this.checkOne(replica, primaryLsn, startedAt)),
    );
  }

  private async checkOne(replica: Replica, primaryLsn: bigint, startedAt: number): Promise<void> {
    let reading: ReplicaReading;
    try {
      const result = await withTimeout(
        replica.checkDb.raw<{ rows: ReplicaReading[] }>(
          `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay,
             extract(epoch from now() - pg_last_xact_replay_timestamp()) as replay_age`,
        ),
        READINESS_TIMEOUT_MS,
      );
      reading = result.rows[0]!;
    } catch (error) {
      this.setState(replica, 'down', null, { err: error }, 'it does not answer');
      return;
    }
    if (!reading.standby || reading.replay === null) {
      this.setState(
        replica,
        'down',
        null,
        {},
        'it is not a standby (pg_is_in_recovery() is false)',
      );
      return;
    }
    const replay = parseLsn(reading.replay);
    replica.replayLsn = replay;
    let lag: number;
    if (replay >= primaryLsn) {
      replica.caughtUpAt = startedAt;
      lag = 0;
    } else {
      const sinceCaughtUp =
        replica.caughtUpAt === null ? Infinity : (this.clock() - replica.caughtUpAt) / 1000;
      const age = reading.replay_age === null ? Infinity : Math.max(0, Number(reading.replay_age));
      lag = Math.min(sinceCaughtUp, age);
    }
    const lagSeconds = Number.isFinite(lag) ? Math.round(lag * 1000) / 1000 : null;
    if (lag > this.maxLagSeconds) {
      this.setState(
        replica,
        'lagging',
        lagSeconds,
        { lagSeconds, maxLagSeconds: this.maxLagSeconds },
        `it lags more than READ_REPLICA_MAX_LAG_SECONDS`,
      );
    } else {
      this.setState(replica, 'ok', lagSeconds, {}, '');
    }
  }

  /** Record a replica's state; the log says so when it changes (not at every check). */
  private setState(
    replica: Replica,
    state: ReplicaState,
    lagSeconds: number | null,
    details: Record<string, unknown>,
    reason: string,
  ): void {
    const was = replica.state;
    replica.state = state;
    replica.lagSeconds = lagSeconds;
    if (was === state) return;
    if (state === 'ok') {
      this.log.info(
        { replica: replica.name, lagSeconds },
        was === 'starting' ? 'read replica in use' : 'read replica back in use',
      );
    } else {
      this.log.warn({ replica: replica.name, ...details }, `read replica skipped: ${reason}`);
    }
  }
}

/**
 * A replica's pool: a connection attempt gives up after two seconds (a replica that is gone must
 * not hold a visitor's read for knex's default minute: the read goes to the primary instead).
 */
function replicaKnex(url: string, connections: number, log?: KnexLog): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: READINESS_TIMEOUT_MS },
    pool: { min: 0, max: connections },
    acquireConnectionTimeout: READINESS_TIMEOUT_MS,
    log,
  });
}

/**
 * Whether a read failed because of the replica rather than the query: no connection (Node's
 * network errors, knex's timeouts: not an error PostgreSQL sent), or PostgreSQL's connection
 * exceptions (08),
 * insufficient resources (53), operator intervention (57: shut down, starting up) or a conflict
 * with its recovery (40001: a hot standby cancels a query whose rows its replay removes).
 */
export function replicaFault(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  const code = error.code ?? '';
  return /^(08|53|57)/.test(code) || code === '40001';
}

/** A PostgreSQL WAL position (`16/B374D848`) as a number that compares. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}
