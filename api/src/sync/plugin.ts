import fp from 'fastify-plugin';
import type { SyncConfig } from '../platform/config';
import { Conflict, UpstreamFailed } from '../platform/domain-errors';
import { timestampGauge } from '../platform/ops/metrics';
import { runPeriodically } from '../platform/periodic-runner';
import { AirtableReader } from './sources/airtable';
import { JsonFeedReader } from './sources/json-feed';
import type { JobSourceReader } from './sources/source';
import { SyncRepository } from './sync-repository';
import { SyncService } from './sync-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The re-sync from the configured source (sync-service.ts). */
    sync: SyncService;
    /** The syncs' lease and records (tests hold the lease as another process would). */
    syncRuns: SyncRepository;
    /** One scheduled sync, as the SYNC_INTERVAL_MINUTES timer runs it (tests call it directly). */
    runScheduledSync(): Promise<void>;
  }
}

/** The reader of the configured source. */
export function jobSourceReader(sync: SyncConfig | null): JobSourceReader | null {
  if (!sync) return null;
  const timing = {
    timeoutMs: sync.requestTimeoutSeconds * 1000,
    retryWaitMs: sync.retryWaitSeconds * 1000,
  };
  return sync.source.kind === 'airtable'
    ? new AirtableReader({ ...sync.source, ...timing })
    : new JsonFeedReader({ url: sync.source.url, ...timing });
}

/**
 * The sync domain: its service over the configured source, and the optional schedule
 * (SYNC_INTERVAL_MINUTES), which takes the same lock as GET /api/refresh-jobs: a scheduled sync
 * that finds one running is skipped, not queued. On close the schedule stops and a running sync
 * is waited for.
 */
export default fp(
  async (app) => {
    const syncRuns = new SyncRepository();
    const jobSource = jobSourceReader(app.config.sync);
    const sync = new SyncService(
      app.db,
      app.jobs,
      app.jobViews,
      syncRuns,
      jobSource,
      app.config.boardCurrency,
      () => app.now(),
    );
    app.decorate('sync', sync);
    app.decorate('syncRuns', syncRuns);

    const runScheduledSync = async () => {
      try {
        await sync.run('schedule', app.now(), app.log);
      } catch (error) {
        if (error instanceof Conflict) app.log.info('scheduled job sync skipped: one is running');
        else if (error instanceof UpstreamFailed) app.log.warn(error.message);
        else app.log.error({ err: error }, 'scheduled job sync failed');
      }
    };
    app.decorate('runScheduledSync', runScheduledSync);
    runPeriodically(app, {
      name: 'scheduled job sync',
      everyMs: jobSource ? (app.config.sync?.intervalMinutes ?? 0) * 60_000 : 0,
      run: runScheduledSync,
    });
    timestampGauge(app.metrics, {
      name: 'jobboard_sync_last_success_timestamp_seconds',
      help: 'When the last successful job sync ended (Unix time; 0 when none is on record).',
      metric: 'last sync',
      read: () => syncRuns.lastSucceededAt(app.db),
    });
  },
  { name: 'sync', dependencies: ['config', 'db', 'schema', 'ops', 'jobs'] },
);
