import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ClientErrorCount } from '../client-errors/client-errors';
import type { ServerRenderStats } from '../site/server-render';
import { READINESS_TIMEOUT_MS, withTimeout } from './probes';

/**
 * The metrics of GET /metrics (docs/operations.md#metrics says what each means and what to do when
 * it is high), in one registry per app. Every gauge is read when Prometheus scrapes (its `collect`
 * callback), never by a loop of our own; the request histogram is the only thing written as the
 * server runs (plugin.ts, once per answer).
 */

/** What the metrics read at each scrape: the domains' own reads, passed in (plugin.ts). */
export interface MetricSources {
  outboxBacklog(): Promise<{ pending: number; failed: number; oldestPendingAt: number | null }>;
  digestLagMs(): Promise<number>;
  lastSyncSucceededAt(): Promise<number | null>;
  lastRetentionRunAt(): Promise<number | null>;
  clientErrorCounts(): ClientErrorCount[];
  renderStats(): ServerRenderStats;
  /** The Knex instances whose pools are reported, by name ('main', 'read', a replica's URL). */
  pools: Record<string, Knex>;
  /** PostgreSQL read replicas (DATABASE_READ_URL): null without any. */
  readReplicas: {
    statuses(): { name: string; state: string; lagSeconds: number | null }[];
    primaryReads: number;
    replicas: { name: string; reads: number }[];
  } | null;
  now(): Date;
  /** A database read failed while scraping: its gauges read NaN for this scrape. */
  onReadFailed(metric: string, error: unknown): void;
}

type Backlog = Awaited<ReturnType<MetricSources['outboxBacklog']>>;

export interface Metrics {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method, status and duration. */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
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

  /** A database read of one metric, within the readiness time limit; NaN when it fails. */
  const read = async <T>(metric: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await withTimeout(work(), READINESS_TIMEOUT_MS);
    } catch (error) {
      sources.onReadFailed(metric, error);
      return null;
    }
  };
  const seconds = (ms: number) => ms / 1000;

  // One query for both outbox gauges: the first one's collect starts it, the second one awaits it
  // (the registry starts every collect in the order of registration, then awaits them together).
  let backlog: Promise<Backlog | null> = Promise.resolve(null);
  new Gauge({
    name: 'jobboard_outbox_messages',
    help: 'E-mails in the outbox waiting to be sent (pending) or given up on (failed).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      backlog = read('outbox', () => sources.outboxBacklog());
      const counts = await backlog;
      this.set({ status: 'pending' }, counts?.pending ?? Number.NaN);
      this.set({ status: 'failed' }, counts?.failed ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'jobboard_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest e-mail still waiting in the outbox has waited (0 when none waits).',
    registers: [registry],
    async collect() {
      const counts = await backlog;
      if (!counts) return this.set(Number.NaN);
      const oldest = counts.oldestPendingAt;
      this.set(oldest === null ? 0 : Math.max(0, seconds(sources.now().getTime() - oldest)));
    },
  });

  new Gauge({
    name: 'jobboard_alert_digest_lag_seconds',
    help: 'How long the most overdue job-alert digest has been due (0 when none is).',
    registers: [registry],
    async collect() {
      const lag = await read('digest lag', () => sources.digestLagMs());
      this.set(lag === null ? Number.NaN : seconds(lag));
    },
  });

  new Gauge({
    name: 'jobboard_sync_last_success_timestamp_seconds',
    help: 'When the last successful job sync ended (Unix time; 0 when none is on record).',
    registers: [registry],
    async collect() {
      const at = await read('last sync', () => sources.lastSyncSucceededAt());
      this.set(at === null ? 0 : seconds(at));
    },
  });

  new Gauge({
    name: 'jobboard_retention_last_run_timestamp_seconds',
    help: 'When the last retention run (data past its period removed) went through (Unix time; 0 when none has).',
    registers: [registry],
    async collect() {
      const at = await read('last retention run', () => sources.lastRetentionRunAt());
      this.set(at === null ? 0 : seconds(at));
    },
  });

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

  new Counter({
    name: 'jobboard_client_errors_total',
    help: "Browsers' reports about the remotes (POST /api/client-errors) since the process started.",
    labelNames: ['kind', 'app'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { kind, app, count } of sources.clientErrorCounts())
        this.inc({ kind, app }, count);
    },
  });

  // The server renderer's counts are per version since it was (last) promoted in this process.
  new Counter({
    name: 'jobboard_server_renders_total',
    help: 'First views drawn on the server (or left to the browser) without failing, by app version.',
    labelNames: ['app', 'version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const entry of sources.renderStats().versions) {
        this.inc({ app: entry.app, version: entry.version }, entry.renders);
      }
    },
  });
  new Counter({
    name: 'jobboard_server_render_failures_total',
    help: 'Server renders that failed, by app version and kind (throws, timeouts, memory).',
    labelNames: ['app', 'version', 'kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const entry of sources.renderStats().versions) {
        for (const kind of ['throws', 'timeouts', 'memory'] as const) {
          this.inc({ app: entry.app, version: entry.version, kind }, entry[kind]);
        }
      }
    },
  });
  new Gauge({
    name: 'jobboard_server_render_skipped_versions',
    help: 'App versions no longer drawn on the server after failing too often in a row.',
    registers: [registry],
    collect() {
      this.set(sources.renderStats().versions.filter((entry) => !entry.serverRendered).length);
    },
  });
  new Gauge({
    name: 'jobboard_server_render_queued',
    help: 'Pages waiting for a render worker.',
    registers: [registry],
    collect() {
      this.set(sources.renderStats().pool?.queued ?? 0);
    },
  });

  return {
    registry,
    observeRequest({ method, route, status, seconds: duration }) {
      requests.observe({ method, route, status_code: String(status) }, duration);
    },
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
