import fp from 'fastify-plugin';
import type { SyncConfig } from '../config';
import { Conflict, UpstreamFailed } from '../domain-errors';
import { AirtableReader } from '../sync/sources/airtable';
import { JsonFeedReader } from '../sync/sources/json-feed';
import type { JobSourceReader } from '../sync/sources/source';
import { SyncRepository } from '../sync/sync-repository';
import { syncJobs } from '../sync/sync-service';

declare module 'fastify' {
  interface FastifyInstance {
    syncRuns: SyncRepository;
    /** The configured external job source (AIRTABLE_* or JOB_FEED_URL); null when none. */
    jobSource: JobSourceReader | null;
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
 * The sync domain on `app`: its repository, the configured source, and the optional schedule
 * (SYNC_INTERVAL_MINUTES), which takes the same lock as GET /api/refresh-jobs: a scheduled sync
 * that finds one running is skipped, not queued. On close the timer stops and a running sync is
 * waited for.
 */
export default fp(
  async (app) => {
    const syncRuns = new SyncRepository();
    const jobSource = jobSourceReader(app.config.sync);
    app.decorate('syncRuns', syncRuns);
    app.decorate('jobSource', jobSource);

    let running: Promise<void> = Promise.resolve();
    const runScheduledSync = async () => {
      const ctx = { db: app.db, jobs: app.jobs, now: app.now(), log: app.log, syncRuns, jobSource };
      try {
        await syncJobs(ctx, 'schedule');
      } catch (error) {
        if (error instanceof Conflict) app.log.info('scheduled job sync skipped: one is running');
        else if (error instanceof UpstreamFailed) app.log.warn(error.message);
        else app.log.error({ err: error }, 'scheduled job sync failed');
      }
    };
    app.decorate('runScheduledSync', runScheduledSync);

    const minutes = app.config.sync?.intervalMinutes ?? 0;
    if (jobSource && minutes > 0) {
      const timer = setInterval(() => {
        running = runScheduledSync();
      }, minutes * 60_000);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'sync', dependencies: ['config', 'db', 'jobs'] },
);
