import type { ApplyLinkCheck } from '@jobboard/contract/jobs';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { timestampGauge } from '../platform/ops/metrics';
import { runPeriodically } from '../platform/periodic-runner';
import { realSleep, type PacerClock } from './host-pacer';
import { runLinkChecks, type LinkCheckContext, type LinkCheckReport } from './link-check-run';
import { applyLinkCheckOf, linkCheckUserAgent } from './link-check-views';
import { LinkChecksRepository } from './link-checks-repository';
import { PROBE_LIMITS } from './link-probe';

/**
 * What only tests set (buildApp's `linkChecks`, never the configuration): their stand-in servers
 * on 127.0.0.1 may be called, and the run's clock (the time it reads and how it waits for a
 * host's turn) may be their own, so pacing is counted rather than waited for.
 */
export interface LinkCheckTestOptions {
  allowLoopback?: boolean;
  clock?: PacerClock;
}

/** The link checker on `app`. */
export interface LinkChecks {
  /** One run now (link-check-run.ts): the tests', and `jobboard links check`. */
  run(): Promise<LinkCheckReport>;
  /** The last check of each of these jobs that has one, by job id. */
  lastChecks(jobIds: readonly number[]): Promise<Map<number, ApplyLinkCheck>>;
  /** These jobs, each with its last check (`applyLinkCheck`) when it has one. */
  withLastCheck<T extends { id: string }>(jobs: T[]): Promise<T[]>;
  /** Settles once the scheduled run has none in flight: tests await it. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** buildApp's `linkChecks` (tests). */
    linkCheckOptions: LinkCheckTestOptions;
    linkChecks: LinkChecks;
  }
}

/**
 * Dead application links (issue 45, docs/product.md#dead-application-links): every
 * LINK_CHECK_INTERVAL_MINUTES (and at start) a process checks a batch of the live listings'
 * application links, under a lease so that one process at a time does; off at 0 (then
 * `jobboard links check` from cron). The answers are kept in `job_link_checks`; the flag the
 * public page reads is the job's own (JobsService.setApplyLinkFlag).
 */
export default fp(
  async (app) => {
    const repository = new LinkChecksRepository();
    const config = app.config.linkChecks;
    const test = app.linkCheckOptions;
    const clock: PacerClock = test.clock ?? { now: () => app.now().getTime(), sleep: realSleep };
    const context: LinkCheckContext = {
      db: app.db,
      repository,
      listings: app.liveListings,
      jobs: app.jobs,
      submissions: app.submissions,
      outbox: app.outbox,
      config,
      probe: {
        timeoutMs: config.timeoutMs,
        ...PROBE_LIMITS,
        userAgent: linkCheckUserAgent({
          publicUrl: app.config.publicUrl,
          boardName: app.config.site.boardName,
        }),
        allowLoopback: test.allowLoopback ?? false,
      },
      clock,
      site: { publicUrl: app.config.publicUrl, boardName: app.config.site.boardName },
      log: app.log,
    };
    // Closing stops a run between two requests (it may be waiting on a slow host's turn).
    const stop = new AbortController();
    app.addHook('preClose', (done) => {
      stop.abort();
      done();
    });
    const run = async () => {
      const report = await runLinkChecks(context, stop.signal);
      if (report.ran && report.checked) app.log.info({ linkChecks: report }, 'link checks run');
      return report;
    };
    const runs = runPeriodically(app, {
      name: 'link check run',
      everyMs: config.intervalMinutes * 60_000,
      run,
      atStart: true,
    });
    const lastChecks = async (jobIds: readonly number[]) => {
      const found = new Map<number, ApplyLinkCheck>();
      for (const [id, check] of await repository.lastOf(app.db, jobIds)) {
        found.set(id, applyLinkCheckOf(check));
      }
      return found;
    };
    app.decorate('linkChecks', {
      run,
      lastChecks,
      withLastCheck: async <T extends { id: string }>(jobs: T[]) => {
        const checks = await lastChecks(jobs.map((job) => Number(job.id)));
        return jobs.map((job) => {
          const check = checks.get(Number(job.id));
          return check ? { ...job, applyLinkCheck: check } : job;
        });
      },
      idle: () => runs.idle(),
    });
    new Gauge({
      name: 'jobboard_link_checks',
      aggregator: 'max',
      help: 'Application links checked (their last answer kept), and those flagged as not working.',
      labelNames: ['state'] as const,
      registers: [app.metrics.registry],
      async collect() {
        const counts = await app.metrics.read('link checks', () => repository.counts(app.db));
        this.set({ state: 'checked' }, counts?.checked ?? Number.NaN);
        this.set({ state: 'flagged' }, counts?.flagged ?? Number.NaN);
      },
    });
    timestampGauge(app.metrics, {
      name: 'jobboard_link_check_last_run_timestamp_seconds',
      help: 'When the last run of the application-link checker went through (Unix time; 0 when none has).',
      metric: 'last link check run',
      read: () => repository.lease.lastFinishedAt(app.db),
    });
  },
  {
    name: 'link-checks',
    dependencies: ['config', 'db', 'schema', 'ops', 'jobs', 'submissions', 'mail'],
  },
);
