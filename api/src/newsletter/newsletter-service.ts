import {
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  WEEKDAYS,
  type NewsletterBlock,
  type NewsletterBlockRequest,
  type NewsletterIssue,
  type NewsletterPage,
  type NewsletterSchedule,
  type NewsletterScheduleSetting,
  type NewsletterSendRequest,
} from '@jobboard/contract/admin';
import { DAY_MS, addDays, dayStartsAt, isoDate } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import type { JobViews } from '../jobs';
import { chunks } from '../platform/db/chunks';
import { Conflict, Invalid } from '../platform/domain-errors';
import type { RenewalsService } from '../renewals';
import type { SubmissionsService } from '../submissions';
import { blockOf, orderBlock, type BlockParts, type OwedListing } from './block';
import type { GhostAdmin } from './ghost-admin';
import type { NewsletterRepository, StoredIssue } from './newsletter-repository';
import { nextSlot, slotAtOrBefore } from './weekly-slots';

export interface NewsletterDeps {
  db: Knex;
  repository: NewsletterRepository;
  jobs: Pick<JobViews, 'livePostedBetween' | 'liveOf'>;
  /** Which listings were paid for, in which tier (what the newsletter owes). */
  submissions: Pick<SubmissionsService, 'paidListings'>;
  /** A renewal buys the tier again, its place in the newsletter too. */
  renewals: Pick<RenewalsService, 'paidOfJobs'>;
  /** The publication's Ghost; null without GHOST_URL and GHOST_ADMIN_API_KEY. */
  ghost: Pick<GhostAdmin, 'createDraft'> | null;
  ghostUrl: string | null;
  publicUrl: string;
  boardName: string;
}

/** Who made a draft: an admin (`admin:<username>`), the command line or the schedule. */
export type DraftMaker = string;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The newsletter block (issue 44, docs/product.md#newsletter): what a range of days holds, in its
 * order (block.ts), previewed as the exact HTML, and sent to the publication's Ghost as a draft
 * post through its Admin API (ghost-admin.ts), never published. Each issue sent is recorded with
 * its jobs, so a listing that bought the newsletter has it once per purchase and its employer's
 * page names the issue.
 */
export class NewsletterService {
  constructor(private readonly c: NewsletterDeps) {}

  /** The newsletter page: Ghost set up or not (never the key), the default range, the schedule. */
  async page(now: Date): Promise<NewsletterPage> {
    const { from, to } = this.rangeOf({}, now);
    const issues = await this.c.repository.latestIssues(this.c.db, NEWSLETTER_LIMITS.issuesShown);
    return {
      ghost: { url: this.c.ghostUrl, adminKeySet: this.c.ghost !== null },
      from,
      to,
      schedule: await this.schedule(now),
      issues: issues.map(issueOf),
    };
  }

  /** The block of a range as it would be sent now. */
  async preview(request: NewsletterBlockRequest, now: Date): Promise<NewsletterBlock> {
    return blockOf(await this.partsOf(request, now), this.c);
  }

  /**
   * Send the block to Ghost as a draft and record the issue. Refused (Conflict) without Ghost set
   * up, with nothing to send, or when `digest` names a preview the block no longer is; Ghost's
   * refusals are UpstreamFailed (ghost-admin.ts). Nothing is recorded unless Ghost made the draft.
   */
  async send(request: NewsletterSendRequest, by: DraftMaker, now: Date): Promise<NewsletterIssue> {
    const ghost = this.c.ghost;
    if (!ghost) throw new Conflict(NEWSLETTER_MESSAGES.notConfigured);
    const parts = await this.partsOf(request, now);
    const block = blockOf(parts, this.c);
    if (request.digest !== undefined && request.digest !== block.digest) {
      throw new Conflict(NEWSLETTER_MESSAGES.changedSincePreview);
    }
    if (!block.jobs.length) throw new Conflict(NEWSLETTER_MESSAGES.noJobs);
    const draft = await ghost.createDraft({ title: block.title, html: block.html });
    const record = {
      createdAt: now.getTime(),
      createdBy: by,
      title: block.title,
      from: block.from,
      to: block.to,
      intro: parts.intro || null,
      ghostPostId: draft.id,
      ghostEditUrl: draft.editUrl,
      jobs: block.jobs.map((job) => ({ jobId: Number(job.id), promised: job.promised })),
    };
    const id = await this.c.db.transaction((trx) => this.c.repository.insertIssue(trx, record));
    return issueOf({ ...record, id });
  }

  /** The issues each of these jobs appeared in, as ISO instants, oldest first (the employer's page). */
  async issuesOfJobs(jobIds: number[]): Promise<Map<number, string[]>> {
    const found = await this.c.repository.issuesOfJobs(this.c.db, jobIds);
    return new Map([...found].map(([jobId, times]) => [jobId, times.map(iso)]));
  }

  // ---- the weekly schedule -------------------------------------------------------------------

  async schedule(now: Date): Promise<NewsletterSchedule> {
    const row = await this.c.repository.schedule(this.c.db);
    return {
      on: row.enabled,
      weekday: WEEKDAYS[row.weekday]!,
      hour: row.hour,
      next: row.enabled ? iso(nextSlot(now, row.weekday, row.hour)) : null,
      last:
        row.lastRunAt === null
          ? null
          : {
              at: iso(row.lastRunAt),
              issueId: row.lastIssueId === null ? null : String(row.lastIssueId),
              message: row.lastMessage,
            },
    };
  }

  /**
   * Turn the weekly draft on or off, its day and hour. The slot current now counts as taken: a
   * schedule saved on a Wednesday for Mondays makes its first draft next Monday, not at once.
   */
  async setSchedule(
    setting: NewsletterScheduleSetting,
    by: string,
    now: Date,
  ): Promise<NewsletterSchedule> {
    const weekday = WEEKDAYS.indexOf(setting.weekday);
    await this.c.repository.saveSchedule(
      this.c.db,
      {
        enabled: setting.on,
        weekday,
        hour: setting.hour,
        currentSlot: slotAtOrBefore(now, weekday, setting.hour),
      },
      by,
      now.getTime(),
    );
    return this.schedule(now);
  }

  // ---- the block's parts ---------------------------------------------------------------------

  /** The range asked for: each day given, the other from the default (the last 7 days). */
  private rangeOf(request: NewsletterBlockRequest, now: Date): { from: string; to: string } {
    const span = NEWSLETTER_LIMITS.defaultDays - 1;
    const to = request.to ?? isoDate(now);
    const from = request.from ?? isoDate(addDays(dayStartsAt(to), -span));
    const days = (dayStartsAt(to) - dayStartsAt(from)) / DAY_MS + 1;
    if (days < 1) throw new Invalid({ from: NEWSLETTER_MESSAGES.rangeOrder });
    if (days > NEWSLETTER_LIMITS.maxRangeDays) {
      throw new Invalid({ to: NEWSLETTER_MESSAGES.rangeTooLong });
    }
    return { from, to };
  }

  private async partsOf(request: NewsletterBlockRequest, now: Date): Promise<BlockParts> {
    const range = this.rangeOf(request, now);
    const owed = await this.owed(now);
    const rangeIds = await this.c.jobs.livePostedBetween(range.from, range.to, now);
    const owedIds = new Set(owed.map(({ job }) => Number(job.id)));
    // Only those the block can hold are read whole (past them, only their number matters).
    const room = Math.max(0, NEWSLETTER_LIMITS.maxJobs - owed.length);
    const rest = rangeIds.filter((id) => !owedIds.has(id));
    const rangeJobs = await this.c.jobs.liveOf(rest.slice(0, room), now);
    const parts = orderBlock({ ...range, intro: request.intro?.trim() ?? '' }, owed, rangeJobs);
    return { ...parts, leftOut: parts.leftOut + Math.max(0, rest.length - room) };
  }

  /**
   * The live listings owed a place (docs/product.md#newsletter): paid for in a tier that sells the
   * newsletter, and not in an issue since (a renewal buys it again). Published long ago or this
   * week, each is in the next block until an issue holds it.
   */
  private async owed(now: Date): Promise<OwedListing[]> {
    const paid = (await this.c.submissions.paidListings()).filter(
      ({ tier }) => listingTier(tier).newsletter,
    );
    const tierOf = new Map(paid.map(({ jobId, tier }) => [jobId, tier]));
    const jobIds = [...tierOf.keys()];
    const had = await this.c.repository.lastPromisedAt(this.c.db, jobIds);
    const renewedSince = new Set<number>();
    for (const part of chunks([...had.keys()])) {
      for (const renewal of await this.c.renewals.paidOfJobs(part)) {
        if (renewal.paidAt.getTime() > had.get(renewal.jobId)!) renewedSince.add(renewal.jobId);
      }
    }
    const owedIds = jobIds.filter((id) => !had.has(id) || renewedSince.has(id));
    const live = await this.c.jobs.liveOf(owedIds, now);
    return live.map((job) => ({ job, tier: tierOf.get(Number(job.id))! }));
  }
}

/** An issue as the API answers it. */
function issueOf(issue: StoredIssue): NewsletterIssue {
  return {
    id: String(issue.id),
    createdAt: iso(issue.createdAt),
    createdBy: issue.createdBy,
    title: issue.title,
    from: issue.from,
    to: issue.to,
    ghostPostId: issue.ghostPostId,
    ghostEditUrl: issue.ghostEditUrl,
    jobIds: issue.jobs.map((job) => String(job.jobId)),
    promisedJobIds: issue.jobs.filter((job) => job.promised).map((job) => String(job.jobId)),
  };
}
