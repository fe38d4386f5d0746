/**
 * What the workspace's tools (bench) use of the API's internals, as `@jobboard/api/tooling`: a
 * database with the API's schema, the jobs' repositories that fill and read it, and the
 * submissions' repository. Nothing else of the API is importable from outside it (package.json
 * "exports").
 */
import type { AdminJobPage, AdminJobsQuery } from '@jobboard/contract/admin';
import { DAY_MS } from '@jobboard/contract/common';
import {
  DEFAULT_CURRENCY,
  ORGANIZATION_JOBS_PAGE_SIZE,
  SIMILAR_JOBS_COUNT,
  type Job,
  type OrganizationPage,
  type RecentJobLine,
  type SearchFilter,
  type SearchRequest,
  type SearchResponse,
} from '@jobboard/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Dialect } from './platform/db/knex';
import { SecretLinks } from './platform/http/secret-links';
import {
  CHECK_IN_BATCH,
  runCheckIns,
  type CheckInReport,
  type CheckInRunContext,
} from './check-ins/check-in-run';
import { CheckInsRepository } from './check-ins/check-ins-repository';
import { JobChanges } from './jobs/job-changes';
import { JobViews } from './jobs/job-views';
import { JobsService } from './jobs/jobs-service';
import { Companies } from './jobs/repositories/companies';
import { SyncedJobsRepository } from './jobs/repositories/synced-jobs';
import { LiveListings } from './jobs/repositories/live-listings';
import { realSleep } from './link-checks/host-pacer';
import {
  runLinkChecks,
  type LinkCheckContext,
  type LinkCheckReport,
} from './link-checks/link-check-run';
import { linkCheckUserAgent } from './link-checks/link-check-views';
import { LinkChecksRepository } from './link-checks/link-checks-repository';
import { PROBE_LIMITS } from './link-checks/link-probe';
import type { LinkCheckConfig } from './platform/config';
import { PayIndex } from './jobs/repositories/pay-index';
import type { JobInput } from './jobs/job-input';
import { AdminJobsRepository } from './jobs/repositories/admin-jobs';
import { JobWriter } from './jobs/repositories/job-writer';
import { PublicJobsRepository } from './jobs/repositories/public-jobs';
import { ReviewSignals } from './jobs/repositories/review-signals';
import { JobStats } from './job-stats/job-stats';
import { JobStatsRepository } from './job-stats/job-stats-repository';
import { searchIndexFor } from './jobs/repositories/search-index';
import { boardSearch } from './jobs/board-search';
import { Outbox } from './mail/outbox';
import { OutboxSender, type SendReport } from './mail/outbox-sender';
import { createMailTransport } from './mail/transport';
import { FraudHintFinder } from './submissions/review/fraud-hint-facts';
import { SubmissionsRepository } from './submissions/submissions-repository';
import { Settings } from './settings/settings';
import { SettingsRepository } from './settings/settings-repository';

export type { DatabaseConfig } from './platform/config';
export { createKnex } from './platform/db/knex';
export { migrateLatest } from './platform/db/migrate';
export type { JobInput } from './jobs/job-input';
export { SubmissionsRepository } from './submissions/submissions-repository';
export { OrganizationsRepository } from './organizations/organizations-repository';
export type { FraudHintFinder } from './submissions/review/fraud-hint-facts';
/** The spam check's challenges as the API issues them (the bench measures their cost in Chromium). */
export { Challenges, HUMAN_PROOF_WORK } from './human-proof/challenges';

/** The jobs' reads and writes a tool measures, without HTTP or the public-read cache. */
export interface ToolJobs {
  /** As the API writes jobs (the writer's createMany). */
  createMany(inputs: JobInput[], now: Date): Promise<number[]>;
  /** The work of POST /api/jobs/search: the search, worked out as the API does, and its page. */
  search(request: SearchRequest, now: Date): Promise<SearchResponse>;
  /** The work of a feed: the newest `limit` jobs of a search. */
  newest(filter: SearchFilter, limit: number, now: Date): Promise<Job[]>;
  /** The work of GET /api/admin/lists/jobs. */
  adminPage(view: AdminJobsQuery, now: Date): Promise<AdminJobPage>;
  /** The work of GET /api/organizations/{slug}?page= (issue 47); undefined: no such slug; `movedTo`: merged. */
  organizationPage(
    slug: string,
    page: number,
    now: Date,
  ): Promise<OrganizationPage | { movedTo: string } | undefined>;
  /** The work of GET /api/jobs/{id}/similar (issue 47). */
  similar(jobId: number, now: Date): Promise<RecentJobLine[]>;
  /**
   * The sitemap's organisations (issue 47): the layout by groups of `perFile` company ids, then
   * every group's file; how many pages in all.
   */
  sitemapOrganizations(now: Date, perFile: number): Promise<number>;
}

/** The jobs' repositories on `db` (one connection for writes and reads), as the API makes them. */
export function toolJobs(db: Knex, dialect: Dialect): ToolJobs {
  const searchIndex = searchIndexFor(dialect);
  // The bench's board: in US dollars, without the pay rule (the admins' default).
  const writer = new JobWriter(db, dialect, searchIndex, new JobChanges(dialect), async () => ({
    currency: DEFAULT_CURRENCY,
    requirePay: false,
  }));
  const publicJobs = new PublicJobsRepository(db, dialect, searchIndex);
  const admin = new AdminJobsRepository(db, dialect);
  return {
    createMany: (inputs, now) => writer.createMany(inputs, now),
    search: ({ page, pageSize, after, ...filter }, now) =>
      publicJobs.search(boardSearch(filter), page, pageSize, now, after),
    newest: (filter, limit, now) => publicJobs.newest(boardSearch(filter), limit, now),
    adminPage: (view, now) => admin.adminPage(view, now),
    organizationPage: (slug, page, now) =>
      publicJobs.organizationPage(slug, page, ORGANIZATION_JOBS_PAGE_SIZE, now),
    similar: (jobId, now) => publicJobs.similar(jobId, now, SIMILAR_JOBS_COUNT),
    sitemapOrganizations: async (now, perFile) => {
      let pages = 0;
      for (const { group } of await publicJobs.liveCompanyGroups(now, perFile)) {
        pages += (await publicJobs.liveCompanies(now, group * perFile + 1, (group + 1) * perFile))
          .length;
      }
      return pages;
    },
  };
}

/**
 * The start's pass over the pay of rows an earlier release wrote (jobs/repositories/pay-index.ts),
 * on a board in US dollars without the pay rule: what an upgrade to the pay release costs. How many
 * jobs changed.
 */
export function readEarlierPay(db: Knex, dialect: Dialect): Promise<number> {
  return new PayIndex(new JobChanges(dialect)).refresh(db, {
    currency: DEFAULT_CURRENCY,
    requirePay: false,
  });
}

/**
 * The review card's fraud hints as the API works them out (submissions/review/fraud-hint-facts.ts),
 * on a board in US dollars: `hintsOf` a page of submissions is the hints' share of the review
 * queue's answer. Each finder keeps its categories' pay as the API's does (a new one: none kept).
 */
export function toolFraudHints(db: Knex, dialect: Dialect): FraudHintFinder {
  const submissions = new SubmissionsRepository(dialect);
  return new FraudHintFinder({
    submissions: {
      contactOrganizations: (on, lookup) => submissions.contactOrganizations(on, lookup),
    },
    jobs: new ReviewSignals(db, dialect),
    currency: DEFAULT_CURRENCY,
  });
}

/** The outbox and its sender over SMTP as the API makes them (the bench's e-mail figure). */
export interface ToolMail {
  /** Queue `count` messages, due at `now`. */
  queue(count: number, now: Date): Promise<void>;
  /** Send everything due (one run, as the background sender does). */
  sendDue(): Promise<SendReport>;
  /** Close the transport (its pool of connections). */
  close(): void;
}

export function toolMail(
  db: Knex,
  options: {
    smtpUrl: string;
    maxConnections: number;
    pool?: boolean;
    /** Messages sent at once: the pool's size by default (as the API does), 1 without a pool. */
    concurrency?: number;
    now: () => Date;
  },
): ToolMail {
  const outbox = new Outbox(db);
  const transport = createMailTransport(options);
  const sender = new OutboxSender(
    outbox,
    transport,
    'Bench <bench@example.org>',
    quiet,
    options.now,
    // The bench's messages carry no links.
    new SecretLinks(),
    options.concurrency ?? (options.pool === false ? 1 : options.maxConnections),
  );
  return {
    async queue(count, now) {
      for (let i = 0; i < count; i += 1) {
        await outbox.enqueue(
          db,
          {
            template: 'bench',
            to: `reader${i}@example.org`,
            subject: `Bench message ${i}`,
            text: `Message ${i}: a few lines of text, as a digest or a notice has.\n`.repeat(20),
          },
          now,
        );
      }
    },
    sendDue: () => sender.sendDue(),
    close: () => transport.close(),
  };
}

/**
 * The views' and apply clicks' counter as the API makes it (the bench's flush figure), its timer
 * out of the way: it writes when `flush()` is called, or at `maxBuffered` counts.
 */
export function toolJobStats(db: Knex, maxBuffered = Number.MAX_SAFE_INTEGER): JobStats {
  return new JobStats(
    db,
    new JobStatsRepository(),
    { flushMs: 24 * 60 * 60_000, maxBuffered },
    quiet,
  );
}

const noop = () => {};
/** A logger that writes nothing (the sender logs only retries and give-ups). */
const quiet: FastifyBaseLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => quiet,
};

/**
 * The application-link checker as the API runs it (the bench's figure of issue 45), over the
 * jobs of `db`: the real run, pacer and probe on the real clock, its requests allowed to
 * 127.0.0.1 (the bench's servers) when `allowLoopback`. The bench's links all answer, so nothing
 * is flagged: a flag or an e-mail would be counted, not written.
 */
export function toolLinkChecks(
  db: Knex,
  dialect: Dialect,
  options: Pick<LinkCheckConfig, 'batch' | 'concurrency' | 'hostGapMs' | 'timeoutMs'> & {
    allowLoopback: boolean;
  },
): {
  run(): Promise<LinkCheckReport & { unexpected: number }>;
  /** A run's first read alone: the listings due at `now`, at most a batch (how many). */
  pick(now: Date): Promise<number>;
} {
  let unexpected = 0;
  const repository = new LinkChecksRepository();
  const listings = new LiveListings(db, dialect);
  const context: LinkCheckContext = {
    db,
    repository,
    listings,
    jobs: {
      setApplyLinkFlag: async () => {
        unexpected += 1;
        return false;
      },
    },
    submissions: { ofJob: async () => undefined },
    outbox: { enqueue: async () => {} },
    config: { ...options, intervalMinutes: 0, recheckHours: 24, retryMinutes: 60 },
    probe: {
      timeoutMs: options.timeoutMs,
      ...PROBE_LIMITS,
      userAgent: linkCheckUserAgent({ publicUrl: 'https://bench.example', boardName: 'Bench' }),
      allowLoopback: options.allowLoopback,
    },
    clock: { now: () => Date.now(), sleep: realSleep },
    site: { publicUrl: 'https://bench.example', boardName: 'Bench' },
    log: quiet,
  };
  return {
    run: async () => ({
      ...(await runLinkChecks(context, new AbortController().signal)),
      unexpected,
    }),
    pick: async (now) =>
      (await repository.due(db, listings.linkApplyListings(now), now.getTime(), options.batch))
        .length,
  };
}

/**
 * The still-hiring check-ins' run as the API makes it (check-ins/plugin.ts), over the jobs of
 * `db`, at the time each call gives (the bench's figures of issue 45): the real run, its reads,
 * its e-mails queued in the outbox, listings taken off the board with their history lines, by the
 * admins' settings in `db`. Its two reads of the check-ins alone, too: those unanswered too long
 * (the flag pass) and those flagged still on the board (the auto-close pass), a batch of each.
 */
export function toolCheckIns(
  db: Knex,
  dialect: Dialect,
): {
  run(now: Date): Promise<CheckInReport>;
  /** The flag pass's read at `now`: how many of a batch it found. */
  waitedTooLong(now: Date): Promise<number>;
  /** The auto-close pass's first read: how many of a batch it found. */
  flaggedOpen(): Promise<number>;
} {
  const changes = new JobChanges(dialect);
  const searchIndex = searchIndexFor(dialect);
  const settings = new Settings(db, new SettingsRepository());
  const writer = new JobWriter(db, dialect, searchIndex, changes, async (on) => ({
    currency: DEFAULT_CURRENCY,
    requirePay: (await settings.all(on)).requirePay,
  }));
  const submissions = new SubmissionsRepository(dialect);
  const checkIns = new CheckInsRepository();
  const context: CheckInRunContext = {
    db,
    checkIns,
    listings: new LiveListings(db, dialect),
    // As SubmissionsService answers them: the submission each job was published from.
    submissions: {
      idsByJob: (on, jobIds) => submissions.idsByJob(on, jobIds),
      load: (on, id) => submissions.load(on, id),
      ofJob: async (on, jobId) => {
        const id = (await submissions.idsByJob(on, [jobId])).get(jobId);
        return id === undefined ? undefined : submissions.load(on, id);
      },
    },
    jobs: new JobsService(
      writer,
      new JobViews(new AdminJobsRepository(db, dialect), new SyncedJobsRepository(db, dialect)),
      new PublicJobsRepository(db, dialect, searchIndex),
      new Companies(db, changes),
      { refresh: async () => 0 },
    ),
    settings,
    outbox: new Outbox(db),
    site: {
      publicUrl: 'https://bench.example',
      boardName: 'Bench',
      jobsEmail: 'jobs@bench.example',
    },
  };
  return {
    run: (now) => runCheckIns(context, now),
    async waitedTooLong(now) {
      const { checkInAnswerDays } = await settings.all();
      const sentBy = now.getTime() - checkInAnswerDays * DAY_MS;
      return (await checkIns.waitedTooLong(db, sentBy, CHECK_IN_BATCH)).length;
    },
    flaggedOpen: async () => (await checkIns.flaggedOpen(db, 0, CHECK_IN_BATCH)).length,
  };
}
