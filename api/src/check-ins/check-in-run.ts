import { randomUUID } from 'node:crypto';
import { DAY_MS, addDays, isoDate } from '@jobboard/contract/common';
import { CHECK_IN_MESSAGES, type AdminSettings } from '@jobboard/contract/employer';
import type { Job } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { JobsService, LiveListings } from '../jobs';
import { checkInClosedEmail, checkInEmail, type Outbox } from '../mail';
import type { Settings } from '../settings';
import type { SubmissionsService } from '../submissions';
import { checkInUrl, hashCheckInToken, newCheckInToken } from './check-in-tokens';
import type { CheckInRow, CheckInsRepository } from './check-ins-repository';

/** Who takes a listing off for no answer: the board itself, in the listing's history. */
const SYSTEM = { adminId: null, actor: 'system' } as const;

/**
 * What a run reads and changes, through the other slices' services (check-ins-service.ts adds the
 * employer area the answers need; a run never answers for the employer).
 */
export interface CheckInRunContext {
  db: Knex;
  checkIns: CheckInsRepository;
  /** Which listings are live, when each went live, and the live ones whole (jobs/). */
  listings: Pick<LiveListings, 'liveSubmittedBefore' | 'liveJobs'>;
  /** The submission a job came from: its contact is whom the check-in asks (as the employer area). */
  submissions: Pick<SubmissionsService, 'idsByJob' | 'load' | 'ofJob'>;
  /** Taking a listing off the board for no answer (a 'deactivated' line by 'system'). */
  jobs: Pick<JobsService, 'switchListing'>;
  settings: Pick<Settings, 'all'>;
  outbox: Pick<Outbox, 'enqueue'>;
  site: { publicUrl: string; boardName: string; jobsEmail: string };
}

/** What one run did. */
export interface CheckInReport {
  /** False when another process held the lease: this run did nothing. */
  ran: boolean;
  /** Live listings old enough for a check-in that were looked at. */
  checked: number;
  /** Check-ins queued in the outbox by this run. */
  sent: number;
  /** Check-ins flagged for no answer by this run. */
  flagged: number;
  /** Listings this run took off the board for no answer (the admins' setting). */
  closed: number;
}

/**
 * How long a run holds the lease: one that dies mid-run frees it after this. A run is a read and
 * a short transaction per listing due.
 */
export const CHECK_IN_LEASE_MS = 5 * 60_000;

/** Rows one read takes. */
export const CHECK_IN_BATCH = 500;

/**
 * One run of the still-hiring check-ins at `now` (docs/product.md#still-hiring-check-ins), under
 * the lease (a run that finds it taken does nothing): the check-ins due sent, those unanswered
 * too long flagged, and, with the admins' setting on, the flagged listings taken off the board.
 * Even two runs at once would send each check-in once (the unique listing and age).
 */
export async function runCheckIns(c: CheckInRunContext, now: Date): Promise<CheckInReport> {
  const report: CheckInReport = { ran: false, checked: 0, sent: 0, flagged: 0, closed: 0 };
  const holder = randomUUID();
  if (!(await c.checkIns.lease.tryAcquire(c.db, holder, now.getTime(), CHECK_IN_LEASE_MS))) {
    return report;
  }
  report.ran = true;
  try {
    const settings = await c.settings.all();
    await sendDue(c, settings, now, report);
    await flagUnanswered(c, settings, now, report);
    if (settings.checkInAutoClose) await takeOffFlagged(c, now, report);
  } finally {
    await c.checkIns.lease.release(c.db, holder, now.getTime());
  }
  return report;
}

/** The age a listing that went live at `liveAt` has reached: the highest of `ages` it is past. */
export function reachedAge(ages: readonly number[], liveAt: number, now: Date): number | undefined {
  const reached = ages.filter((age) => liveAt + age * DAY_MS <= now.getTime());
  return reached.length ? Math.max(...reached) : undefined;
}

/**
 * Every live listing an employer submitted is asked at the highest set age it has reached, unless
 * it was asked at that age or a later one already: a listing found past two ages at once (the
 * setting changed, or it went live before check-ins) gets one e-mail, not two.
 */
async function sendDue(
  c: CheckInRunContext,
  settings: AdminSettings,
  now: Date,
  report: CheckInReport,
): Promise<void> {
  const ages = [...settings.checkInDays].sort((a, b) => a - b);
  if (!ages.length) return;
  const liveBy = addDays(now, -ages[0]!);
  let afterId = 0;
  for (;;) {
    const batch = await c.listings.liveSubmittedBefore(
      liveBy,
      { afterId, limit: CHECK_IN_BATCH },
      now,
    );
    if (!batch.length) return;
    afterId = batch[batch.length - 1]!.id;
    report.checked += batch.length;
    const asked = await c.checkIns.askedAges(
      c.db,
      batch.map((listing) => listing.id),
    );
    const due = batch.flatMap((listing) => {
      const age = reachedAge(ages, listing.createdAt, now);
      return age !== undefined && (asked.get(listing.id) ?? 0) < age
        ? [{ id: listing.id, age }]
        : [];
    });
    if (due.length) {
      const ids = due.map((listing) => listing.id);
      const jobs = await c.listings.liveJobs(ids, now);
      const submissionIds = await c.submissions.idsByJob(c.db, ids);
      for (const { id, age } of due) {
        const job = jobs.get(id);
        const submissionId = submissionIds.get(id);
        if (!job || submissionId === undefined) continue;
        if (await sendOne(c, { job, submissionId, age, settings }, now)) report.sent += 1;
      }
    }
    if (batch.length < CHECK_IN_BATCH) return;
  }
}

/**
 * One check-in: its row (the listing and age, unique) and its e-mail in one transaction, to the
 * listing's contact as the employer area knows it (the submission's). A listing whose contact is
 * blank gets none.
 */
async function sendOne(
  c: CheckInRunContext,
  due: { job: Job; submissionId: number; age: number; settings: AdminSettings },
  now: Date,
): Promise<boolean> {
  const { job, submissionId, age, settings } = due;
  return c.db.transaction(async (trx) => {
    const submission = await c.submissions.load(trx, submissionId);
    if (!submission?.contact_email?.trim()) return false;
    const token = newCheckInToken();
    const row = { jobId: Number(job.id), ageDays: age, tokenHash: hashCheckInToken(token) };
    if (!(await c.checkIns.insert(trx, { ...row, sentAt: now.getTime() }))) return false;
    const email = checkInEmail({
      to: submission.contact_email.trim(),
      contactName: submission.contact_name,
      title: job.title,
      organization: job.organization,
      ageDays: age,
      openUrl: checkInUrl(c.site.publicUrl, token, 'open'),
      filledUrl: checkInUrl(c.site.publicUrl, token, 'filled'),
      answerBy: isoDate(addDays(now, settings.checkInAnswerDays)),
      autoClose: settings.checkInAutoClose,
      publicUrl: c.site.publicUrl,
      boardName: c.site.boardName,
    });
    await c.outbox.enqueue(trx, { ...email, submissionId }, now);
    return true;
  });
}

/** A listing's latest check-in without an answer `checkInAnswerDays` after its e-mail: flagged. */
async function flagUnanswered(
  c: CheckInRunContext,
  settings: AdminSettings,
  now: Date,
  report: CheckInReport,
): Promise<void> {
  const sentBy = now.getTime() - settings.checkInAnswerDays * DAY_MS;
  for (;;) {
    // Each row read is flagged or answered by now: the next read does not find it again.
    const rows = await c.checkIns.waitedTooLong(c.db, sentBy, CHECK_IN_BATCH);
    for (const row of rows) {
      if (await c.checkIns.flag(c.db, row.id, now.getTime())) report.flagged += 1;
    }
    if (rows.length < CHECK_IN_BATCH) return;
  }
}

/**
 * With the admins' setting on, a flagged listing still on the board leaves it: switched off
 * (never deleted) with a 'deactivated' line by 'system' saying why, and its employer e-mailed, in
 * one transaction. Once per check-in: an admin who switches it on again keeps it on.
 */
async function takeOffFlagged(
  c: CheckInRunContext,
  now: Date,
  report: CheckInReport,
): Promise<void> {
  let afterId = 0;
  for (;;) {
    const rows = await c.checkIns.flaggedOpen(c.db, afterId, CHECK_IN_BATCH);
    if (!rows.length) return;
    afterId = rows[rows.length - 1]!.id;
    const live = await c.listings.liveJobs(
      rows.map((row) => row.jobId),
      now,
    );
    for (const row of rows) {
      const job = live.get(row.jobId);
      if (job && (await takeOff(c, row, job, now))) report.closed += 1;
    }
    if (rows.length < CHECK_IN_BATCH) return;
  }
}

async function takeOff(
  c: CheckInRunContext,
  row: CheckInRow,
  job: Job,
  now: Date,
): Promise<boolean> {
  const submission = await c.submissions.ofJob(c.db, row.jobId);
  const askedOn = isoDate(row.sentAt);
  const line = { action: 'deactivated' as const, detail: CHECK_IN_MESSAGES.closedDetail(askedOn) };
  return c.db.transaction(async (trx) => {
    if (!(await c.jobs.switchListing(trx, row.jobId, false, line, SYSTEM, now))) return false;
    await c.checkIns.markClosed(trx, row.id, now.getTime());
    if (!submission?.contact_email?.trim()) return true;
    const email = checkInClosedEmail({
      to: submission.contact_email.trim(),
      contactName: submission.contact_name,
      title: job.title,
      organization: job.organization,
      askedOn,
      jobsEmail: c.site.jobsEmail,
      publicUrl: c.site.publicUrl,
      boardName: c.site.boardName,
    });
    await c.outbox.enqueue(trx, { ...email, submissionId: Number(submission.id) }, now);
    return true;
  });
}
