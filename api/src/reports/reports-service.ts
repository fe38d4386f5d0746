import { createHash } from 'node:crypto';
import type { AdminSettings } from '@jobboard/contract/employer';
import { REPORT_MESSAGES, type ListingReport } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { JobsService, LiveListings } from '../jobs';
import { Conflict, NotFound, TooMany } from '../platform/domain-errors';
import type { Settings } from '../settings';
import { hiddenByThreshold } from './report-lines';
import type { ReportsRepository } from './reports-repository';

/** What the reports need of the rest of the API, wired once by the plugin. */
export interface ReportsDeps {
  db: Knex;
  reports: ReportsRepository;
  /** Switching a listing off and on, with its history line (the jobs' one rulebook). */
  jobs: Pick<JobsService, 'switchListing'>;
  /** Whether a listing is live (the board's own answer, whereLive), its title and organization. */
  listings: Pick<LiveListings, 'states'>;
  settings: Pick<Settings, 'all'>;
  /** How independent reporters are told apart: the stored key of a client key (reporter-key.ts). */
  reporterKey: (clientKey: string) => string;
}

/** The system's own actor in a listing's history: the threshold hid it. */
const SYSTEM = { adminId: null, actor: 'system' };

/**
 * A visitor's report of a live listing (issue 45, docs/product.md#reports): stored with its
 * reason, note and address; one open report per client and listing (a second one while the first
 * is open is refused, so each open report is one independent reporter); the listing's own cap
 * (RATE_LIMITS.reportsPerListing) beside the route's per-client limit. When the listing's open
 * reports reach the admin's threshold it is switched off (never deleted) with a history line
 * naming them, in the report's transaction, until an admin decides (report-review.ts); and when
 * an admin lowers the threshold, every live listing that reaches it, in the settings' transaction.
 */
export class ListingReports {
  constructor(private readonly c: ReportsDeps & { perListing: RateLimiterAbstract }) {}

  /** Store a report from the client `clientKey`; the answer's message. */
  async report(jobId: number, body: ListingReport, clientKey: string, now: Date): Promise<string> {
    const client = this.c.reporterKey(clientKey);
    const report = {
      jobId,
      reason: body.reason,
      note: body.note?.trim() ?? '',
      email: body.email?.trim() || null,
      client,
    };
    // Checked first outside the transaction, so neither a listing off the board nor a repeated
    // report spends the listing's cap (whose count is written outside it).
    await this.checkReportable(this.c.db, jobId, client, now);
    await this.countForListing(jobId);
    await this.c.db.transaction(async (trx) => {
      await this.c.reports.lockNew(trx, jobId, now);
      await this.checkReportable(trx, jobId, client, now);
      await this.c.reports.insert(trx, report, now);
      const { reportThreshold } = await this.c.settings.all(trx);
      await this.hideAtThreshold(trx, jobId, reportThreshold, now);
    });
    return report.email ? REPORT_MESSAGES.receivedWithEmail : REPORT_MESSAGES.received;
  }

  /** NotFound for a listing off the board; Conflict when this client's report of it is open. */
  private async checkReportable(db: Knex, jobId: number, client: string, now: Date) {
    const state = (await this.c.listings.states([jobId], now, db)).get(jobId);
    if (!state?.live) throw new NotFound(REPORT_MESSAGES.notOnBoard);
    if (await this.c.reports.hasOpen(db, jobId, client)) {
      throw new Conflict(REPORT_MESSAGES.alreadyReported);
    }
  }

  /** One more report of the listing from anyone, or TooMany past the listing's cap. */
  private async countForListing(jobId: number): Promise<void> {
    try {
      await this.c.perListing.consume(createHash('sha256').update(`job:${jobId}`).digest('hex'));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new TooMany(REPORT_MESSAGES.tooManyForListing, seconds);
    }
  }

  /**
   * What follows a change of the admin's settings, in its transaction (settings' onChange): a
   * threshold lowered (or turned on from 0) takes off the board at once every live listing whose
   * open reports now reach it, as its next report would have; one raised or turned off restores
   * nothing (an admin decides, from the queue). How many went off.
   */
  async thresholdChanged(
    trx: Knex.Transaction,
    change: {
      before: Pick<AdminSettings, 'reportThreshold'>;
      after: Pick<AdminSettings, 'reportThreshold'>;
      now: Date;
    },
  ): Promise<number> {
    const threshold = change.after.reportThreshold;
    const was = change.before.reportThreshold;
    if (threshold <= 0 || (was > 0 && threshold >= was)) return 0;
    let hidden = 0;
    for (const jobId of await this.c.reports.reaching(trx, threshold)) {
      // Held as a report holds it (lockNew), so a report arriving meanwhile is counted once;
      // then, as a report, only a listing on the board (one off for another reason stays so).
      await this.c.reports.lockNew(trx, jobId, change.now);
      const state = (await this.c.listings.states([jobId], change.now, trx)).get(jobId);
      if (state?.live && (await this.hideAtThreshold(trx, jobId, threshold, change.now))) {
        hidden += 1;
      }
    }
    return hidden;
  }

  /**
   * Off the board once the open reports reach the threshold (0: never by itself), with the
   * history line naming them; whether it was taken off. The one rule of the threshold: at each
   * report, and for every listing when the threshold is lowered.
   */
  private async hideAtThreshold(
    trx: Knex.Transaction,
    jobId: number,
    threshold: number,
    now: Date,
  ): Promise<boolean> {
    if (threshold <= 0) return false;
    const open = await this.c.reports.openOf(trx, jobId);
    if (open.length < threshold) return false;
    const line = hiddenByThreshold(open);
    const switched = await this.c.jobs.switchListing(trx, jobId, false, line, SYSTEM, now);
    await this.c.reports.setHold(
      trx,
      jobId,
      { hiddenAt: now.getTime(), hiddenBy: SYSTEM.actor, switchedOff: switched },
      now,
    );
    return true;
  }
}
