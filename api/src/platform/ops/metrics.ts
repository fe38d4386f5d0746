import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { buildInfo } from '../version';
import { READINESS_TIMEOUT_MS, withTimeout } from './probes';

/**
 * The metrics of GET /metrics (docs/operations.md#metrics says what each means and what to do when
 * it is high), in one registry per app. Every gauge is read when Prometheus scrapes (its `collect`
 * callback), never by a loop of our own; the request histogram is the only thing written as the
 * server runs (plugin.ts, once per answer). A gauge read from the database has `aggregator: 'max'`:
 * under `serve --workers` every worker reads the same value, which a sum would count N times
 * (cluster-metrics.ts). Here are the platform's own (requests, Node, the
 * database pools and replicas); each slice registers its metrics on `app.metrics` from its
 * plugin (the outbox's, the digests', the sync's...), so this module names no slice (issue 41).
 */

/** What the platform's metrics read at each scrape (plugin.ts). */
export interface MetricSources {
  /** The Knex instances whose pools are reported, by name ('main', 'read', a replica's URL). */
  pools: Record<string, Knex>;
  /** PostgreSQL read replicas (DATABASE_READ_URL): null without any. */
  readReplicas: {
    statuses(): { name: string; state: string; lagSeconds: number | null }[];
    primaryReads: number;
    replicas: { name: string; reads: number }[];
  } | null;
  /** A database read failed while scraping: its gauges read NaN for this scrape. */
  onReadFailed(metric: string, error: unknown): void;
}

export interface Metrics {
  /** The app's registry: a slice's gauges and counters go here (`registers: [registry]`). */
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method, status and duration. */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  /**
   * A database read for one metric at scrape time, within the readiness time limit: null when it
   * fails (logged), so that its gauge reads NaN (or 0) for this scrape and the others still come.
   */
  read<T>(metric: string, work: () => Promise<T>): Promise<T | null>;
}

/** Buckets of the request histogram (seconds): a cached read takes a millisecond, a render 50 ms. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  // Node's own: event-loop delay (nodejs_eventloop_lag_*), heap, GC, handles, CPU; read at scrape.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  // What runs (issue 46): a graph marks each upgrade, an alert joins on the version.
  const build = buildInfo();
  new Gauge({
    name: 'jobboard_build_info',
    help: 'The running build: its version, the commit it was built from and the Node it runs on (always 1).',
    labelNames: ['version', 'commit', 'node'] as const,
    aggregator: 'first',
    registers: [registry],
  }).set({ version: build.version, commit: build.commit ?? 'unknown', node: build.node }, 1);

  const read = async <T>(metric: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await withTimeout(work(), READINESS_TIMEOUT_MS);
    } catch (error) {
      sources.onReadFailed(metric, error);
      return null;
    }
  };

  new Gauge({
    name: 'jobboard_db_pool_connections',
    help: 'Database pool connections: in use, idle, and requests waiting for one (pending).',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [name, db] of Object.entries(sources.pools)) {
        const pool = poolOf(db);
        if (!pool) continue;
        this.set({ pool: name, state: 'used' }, pool.numUsed());
        this.set({ pool: name, state: 'free' }, pool.numFree());
        this.set(
          { pool: name, state: 'pending' },
          pool.numPendingAcquires() + pool.numPendingCreates(),
        );
      }
    },
  });

  const replicas = sources.readReplicas;
  if (replicas) {
    new Gauge({
      name: 'jobboard_read_replica_up',
      // Under `serve --workers`: down (0) when any worker finds it down (cluster-metrics.ts).
      aggregator: 'min',
      help: 'Whether the public reads may use a read replica (1), or skip it as down or lagging (0).',
      labelNames: ['replica', 'state'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { name, state } of replicas.statuses()) {
          this.set({ replica: name, state }, state === 'ok' ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: 'jobboard_read_replica_lag_seconds',
      aggregator: 'max',
      help: 'How far a read replica is behind the primary, as the last background check found (NaN when down).',
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        for (const { name, lagSeconds } of replicas.statuses()) {
          this.set({ replica: name }, lagSeconds ?? Number.NaN);
        }
      },
    });
    new Counter({
      name: 'jobboard_public_reads_total',
      help: "Public reads (searches, lists, a job's page...) by where they ran: a replica, or the primary.",
      labelNames: ['target'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ target: 'primary' }, replicas.primaryReads);
        for (const { name, reads } of replicas.replicas) this.inc({ target: name }, reads);
      },
    });
  }

  return {
    registry,
    observeRequest({ method, route, status, seconds: duration }) {
      requests.observe({ method, route, status_code: String(status) }, duration);
    },
    read,
  };
}

/** What the metrics read of a Knex pool (tarn's). */
interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

function poolOf(db: Knex): PoolCounts | null {
  const pool: unknown = (db.client as { pool?: unknown }).pool;
  return isPoolCounts(pool) ? pool : null;
}

function isPoolCounts(pool: unknown): pool is PoolCounts {
  if (typeof pool !== 'object' || pool === null) return false;
  const candidate = pool as Record<string, unknown>;
  return ['numUsed', 'numFree', 'numPendingAcquires', 'numPendingCreates'].every(
    (name) => typeof candidate[name] === 'function',
  );
}

/**
 * A gauge of when something last happened (Unix time, seconds; 0 when it never has or the read
 * failed), read at each scrape: the last sync, the last retention run.
 */
export function timestampGauge(
  metrics: Metrics,
  gauge: { name: string; help: string; metric: string; read: () => Promise<number | null> },
): void {
  new Gauge({
    name: gauge.name,
    aggregator: 'max',
    help: gauge.help,
    registers: [metrics.registry],
    async collect() {
      const at = await metrics.read(gauge.metric, gauge.read);
      this.set(at === null ? 0 : at / 1000);
    },
  });
}
