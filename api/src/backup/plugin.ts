import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { runPeriodically } from '../platform/periodic-runner';
import { newestBackupAt, runScheduledBackup, type ScheduledBackupResult } from './scheduled-backup';

declare module 'fastify' {
  interface FastifyInstance {
    backups: {
      /** The scheduled backup now, if due (tests; the loop calls the same). */
      runScheduled(): Promise<ScheduledBackupResult>;
      /** Settles once the scheduler has no run in flight: tests await it. */
      idle(): Promise<void>;
    };
  }
}

/** How often a process looks whether the scheduled backup is due (cheap: one read). */
const CHECK_EVERY_MS = 60_000;

/**
 * Backups (issue 46): with BACKUP_SCHEDULE every process looks each minute whether the scheduled
 * backup is due, and one takes it under the lease; `jobboard_backup_age_seconds` says how old the
 * newest backup is, whichever took it (the schedule, recorded, or `jobboard backup` into
 * DATA_DIR/backups, found by its name).
 */
export default fp(
  async (app) => {
    const runScheduled = () =>
      runScheduledBackup({
        db: app.db,
        database: app.config.database,
        dataDir: app.config.dataDir,
        backups: app.config.backups,
        now: () => app.now(),
        log: app.log,
      });
    const runs = runPeriodically(app, {
      name: 'scheduled backup',
      everyMs: app.config.backups.schedule ? CHECK_EVERY_MS : 0,
      run: runScheduled,
      atStart: true,
    });
    app.decorate('backups', { runScheduled, idle: () => runs.idle() });

    new Gauge({
      name: 'jobboard_backup_age_seconds',
      help: 'Seconds since the newest backup: recorded by the schedule, or in DATA_DIR/backups by its name (+Inf when none; NaN when the read failed).',
      // Read from the shared database: the same in every worker (platform/ops/cluster-metrics.ts).
      aggregator: 'max',
      registers: [app.metrics.registry],
      async collect() {
        // Wrapped: null from `read` is a failed read, while a null time is no backup on record.
        const newest = await app.metrics.read('backup age', async () => ({
          at: await newestBackupAt(app.db, app.config.dataDir),
        }));
        if (newest === null) this.set(Number.NaN);
        else if (newest.at === null) this.set(Number.POSITIVE_INFINITY);
        else this.set((app.now().getTime() - newest.at) / 1000);
      },
    });
  },
  { name: 'backup', dependencies: ['config', 'db', 'schema', 'ops'] },
);
