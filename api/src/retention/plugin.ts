import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { timestampGauge } from '../platform/ops/metrics';
import { runPeriodically } from '../platform/periodic-runner';
import { RETENTION_LEASE } from './retention-repository';
import { retentionCounts, runRetention, type RetentionReport } from './retention';

declare module 'fastify' {
  interface FastifyInstance {
    retention: {
      /** One retention run now (nothing when another process runs one: `ran` false). */
      run(): Promise<RetentionReport>;
      /** When a run last went through, in any process (epoch ms; null: never): the metrics. */
      lastFinishedAt(): Promise<number | null>;
      /** Settles once the scheduler has no run in flight: tests await it. */
      idle(): Promise<void>;
    };
  }
}

/**
 * Data kept only as long as needed (retention.ts): every RETENTION_INTERVAL_MINUTES (and at start)
 * a process removes what is past its period; off at 0 (then `jobboard retention run` from cron).
 * Several processes may schedule it: the lease lets one run at a time, and the others skip.
 */
export default fp(
  async (app) => {
    // What this process's runs removed, by step (every step's series there from the start, at 0).
    const removed = new Counter({
      name: 'jobboard_retention_removed_total',
      help: 'What the retention runs of this process removed since it started (deleted, emptied, blanked or archived), by step.',
      labelNames: ['what'] as const,
      registers: [app.metrics.registry],
    });
    for (const [what] of retentionCounts()) removed.inc({ what }, 0);
    const retain = () =>
      runRetention({
        db: app.db,
        lease: RETENTION_LEASE,
        alerts: app.alerts,
        outbox: app.outbox,
        submissions: app.submissions,
        logos: app.logos,
        renewals: app.renewals,
        applications: app.applicationUpkeep,
        periods: app.config.retention,
        now: () => app.now(),
        log: app.log,
      });
    const run = async () => {
      const report = await retain();
      for (const [what, n] of retentionCounts(report)) if (n) removed.inc({ what }, n);
      return report;
    };
    const runs = runPeriodically(app, {
      name: 'retention run',
      everyMs: app.config.retention.intervalMinutes * 60_000,
      run,
      atStart: true,
    });
    app.decorate('retention', {
      run,
      lastFinishedAt: () => RETENTION_LEASE.lastFinishedAt(app.db),
      idle: () => runs.idle(),
    });
    timestampGauge(app.metrics, {
      name: 'jobboard_retention_last_run_timestamp_seconds',
      help: 'When the last retention run (data past its period removed) went through (Unix time; 0 when none has).',
      metric: 'last retention run',
      read: () => RETENTION_LEASE.lastFinishedAt(app.db),
    });
  },
  {
    name: 'retention',
    dependencies: [
      'config',
      'db',
      'schema',
      'ops',
      'alerts',
      'mail',
      'submissions',
      'logos',
      'renewals',
      'application-upkeep',
    ],
  },
);
