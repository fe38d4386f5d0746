import fp from 'fastify-plugin';
import { Companies } from './repositories/companies';
import { CompanyMerge } from './repositories/company-merge';
import { JobChanges } from './job-changes';
import { JobViews } from './job-views';
import { JobsService } from './jobs-service';
import type { PayRule } from './pay-columns';
import { PayIndex } from './repositories/pay-index';
import { PublicReads } from './public-reads';
import { AdminJobsRepository } from './repositories/admin-jobs';
import { JobEndings } from './repositories/job-endings';
import { LiveListings } from './repositories/live-listings';
import { ReviewSignals } from './repositories/review-signals';
import { JobWriter } from './repositories/job-writer';
import { PublicJobsRepository } from './repositories/public-jobs';
import { SyncedJobsRepository } from './repositories/synced-jobs';
import { searchIndexFor } from './repositories/search-index';

import type { Db } from '../platform/db/knex';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every change of a job, by one set of rules (jobs-service.ts). */
    jobs: JobsService;
    /** The jobs as the admins' screens and the sync read them (job-views.ts). */
    jobViews: JobViews;
    /** The public's reads of jobs, the board's answers cached (public-reads.ts). */
    publicReads: PublicReads;
    /**
     * Committed changes of jobs in this process (the logo fetcher listens: logos/plugin.ts), and
     * this process's token in the notifications they send (jobs/listener/plugin.ts).
     */
    jobChanges: Pick<JobChanges, 'onChange' | 'sender'>;
    /** When listings end, as renewals read it (job-endings.ts). */
    jobEndings: JobEndings;
    /** Which listings are live, and the live ones whole, as the channels read them (live-listings.ts). */
    liveListings: LiveListings;
    /** What the review card's fraud hints read of the jobs (review-signals.ts). */
    reviewSignals: ReviewSignals;
    /** An admin's merge of a duplicate company into another (company-merge.ts, issue 47). */
    companyMerge: CompanyMerge;
  }
}

/**
 * The jobs domain: its repositories (one per reader: the public, the writer, the sync, the
 * admins), the service every change goes through, the admins' and the sync's views, and the
 * public reads, whose cache (the
 * public-read cache) follows the jobs' changes: dropped as soon as one of this process commits,
 * and, for one made by another process, when its notification arrives on PostgreSQL
 * (jobs/listener/plugin.ts) or within a second through the jobs version (SQLite, or while the
 * listener is not connected).
 */
export default fp(
  async (app) => {
    const changes = new JobChanges(app.dialect);
    const searchIndex = searchIndexFor(app.dialect);
    const replicas = app.readReplicas;
    // The public's reads on the primary (or SQLite's read connections): what must see every commit
    // (the cache's next expiry, an alert's window of new jobs, the count) reads this one.
    const primaryJobs = new PublicJobsRepository(app.readDb, app.dialect, searchIndex);
    // The public reads proper go to a healthy replica that has every known change, if any
    // (platform/db/read-replicas.ts says why that keeps the cache and an admin's own writes right).
    const publicJobs = replicas
      ? replicas.routed((db) => new PublicJobsRepository(db, app.dialect, searchIndex), primaryJobs)
      : primaryJobs;
    let seenVersion: number | undefined;
    app.publicCache.follow({
      version: async () => {
        const version = await changes.version(app.db);
        // Another process changed jobs: known here now, before the cache drops its answers.
        if (seenVersion !== undefined && version !== seenVersion) replicas?.markChanged();
        seenVersion = version;
        return version;
      },
      nextExpiry: (now) => primaryJobs.nextExpiry(now),
    });
    changes.onChange((version) => {
      replicas?.markChanged();
      app.publicCache.changedHere(version);
    });
    app.decorate('jobChanges', changes);
    const views = new JobViews(
      // The admins' job list names the submission each job came from: the submissions' answer.
      new AdminJobsRepository(app.db, app.dialect, (jobIds) =>
        app.submissions.idsByJob(app.db, jobIds),
      ),
      new SyncedJobsRepository(app.db, app.dialect),
    );
    app.decorate('jobViews', views);
    // Pay (docs/product.md#pay): compared in the board's currency; the admins' pay rule holds
    // back a job without pay, on every write, and on all jobs at once when it is turned on or off.
    const payRule = async (db: Db): Promise<PayRule> => ({
      currency: app.config.boardCurrency,
      requirePay: (await app.settings.all(db)).requirePay,
    });
    const payIndex = new PayIndex(changes);
    app.settings.onChange(async (trx, { before, after }) => {
      if (before.requirePay === after.requirePay) return;
      await payIndex.applyRule(trx, {
        currency: app.config.boardCurrency,
        requirePay: after.requirePay,
      });
    });
    app.decorate(
      'jobs',
      new JobsService(
        new JobWriter(app.db, app.dialect, searchIndex, changes, payRule),
        views,
        primaryJobs,
        new Companies(app.db, changes),
        { refresh: async () => payIndex.refresh(app.db, await payRule(app.db)) },
      ),
    );
    app.decorate('companyMerge', new CompanyMerge(app.db, searchIndex, changes));
    app.decorate('jobEndings', new JobEndings(app.db));
    app.decorate('liveListings', new LiveListings(app.db, app.dialect));
    app.decorate('reviewSignals', new ReviewSignals(app.db, app.dialect));

    // Once the schema is this release's (at start, or as soon as `jobboard migrate` has run):
    // the pay of rows an earlier release wrote, and the annual figures in BOARD_CURRENCY.
    app.whenSchemaCurrent(async () => {
      const changed = await app.jobs.refreshPay();
      if (changed) app.log.info({ jobs: changed }, 'pay read into the pay columns');
    });
    app.decorate(
      'publicReads',
      new PublicReads(publicJobs, app.publicCache, app.now, primaryJobs, app.config.boardCurrency),
    );
  },
  {
    name: 'jobs',
    dependencies: ['config', 'db', 'schema', 'public-cache', 'submissions', 'settings'],
  },
);
