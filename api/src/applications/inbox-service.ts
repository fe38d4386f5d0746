import type { AdminJob } from '@jobboard/contract/admin';
import {
  APPLICATION_STATUSES,
  DEFAULT_DECLINE,
  INBOX_LIMITS,
  INBOX_MESSAGES,
  RESUME_TYPES,
  fillDeclineTemplate,
  type ApplicationSettings,
  type ApplicationSettingsChange,
  type ApplicationStatus,
  type InboxApplication,
  type InboxApplicationChange,
  type InboxApplications,
  type InboxDeclined,
  type InboxQuery,
} from '@jobboard/contract/applications';
import { DAY_MS, dayStartsAt, isoDate } from '@jobboard/contract/common';
import { EMPLOYER_MESSAGES } from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import { applicationDeclinedEmail, type Outbox } from '../mail';
import { Conflict, NotFound } from '../platform/domain-errors';
import type { ReviewRow } from '../submissions';
import type { ApplicationRow, ApplicationsRepository } from './applications-repository';
import type { JobApplications } from './inbox-numbers';
import { applicationsCsv, inboxApplicationOf } from './inbox-view';
import { resumeFileName } from './resume-kind';

export interface InboxCollaborators {
  db: Knex;
  applications: ApplicationsRepository;
  outbox: Pick<Outbox, 'enqueue'>;
  /**
   * The submission of a job whose contact is this address (SubmissionsService.ofContactsJob):
   * the one test of whether a job, and so its applications, are an employer's.
   */
  employersJob: (email: string, jobId: number) => Promise<ReviewRow | undefined>;
  /** The job as the admins see it; undefined when it is gone. */
  job: (jobId: number, now: Date) => Promise<AdminJob | undefined>;
}

/** A résumé as it is downloaded: its bytes, the type they are, and a safe file name. */
export interface ResumeDownload {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The employer's applicant inbox (issue 42, docs/product.md#the-applicant-inbox): each listing's
 * applications with the employer's status, star and note, bulk statuses, the decline e-mail from
 * their template, the résumé downloaded, the CSV export and their settings. Every read and change
 * is of the signed-in address's listings alone (`employersJob`): another address's application,
 * résumé or listing answers 404, as one that does not exist.
 */
export class InboxService {
  constructor(private readonly c: InboxCollaborators) {}

  /** One page of a listing's applications, newest first, with its counts per status. */
  async page(
    email: string,
    jobId: number,
    query: InboxQuery,
    now: Date,
  ): Promise<InboxApplications> {
    const submission = await this.ownListing(email, jobId);
    const pageSize = INBOX_LIMITS.pageSize;
    const [rows, counted, job] = await Promise.all([
      this.c.applications.pageOfJob(this.c.db, jobId, {
        status: query.status,
        limit: pageSize,
        offset: (query.page - 1) * pageSize,
      }),
      this.c.applications.countsByStatus(this.c.db, [jobId]),
      this.c.job(jobId, now),
    ]);
    const counts: Record<string, number> = Object.fromEntries(
      APPLICATION_STATUSES.map((status) => [status, 0]),
    );
    for (const { key, count } of counted) counts[String(key)] = count;
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return {
      job: {
        id: String(jobId),
        ...titleOf(job, submission),
        open: Boolean(job && job.active && !job.expired && job.apply?.method === 'board'),
      },
      applications: rows.map(inboxApplicationOf),
      counts,
      total,
      matched: query.status ? (counts[query.status] ?? 0) : total,
      page: query.page,
      pageSize,
    };
  }

  /** Every application of a listing as CSV, and the file's name. */
  async csv(email: string, jobId: number, now: Date): Promise<{ filename: string; csv: string }> {
    await this.ownListing(email, jobId);
    const rows = await this.c.applications.allOfJob(this.c.db, jobId);
    return { filename: `applications-${jobId}-${isoDate(now)}.csv`, csv: applicationsCsv(rows) };
  }

  /** Change an application's status, star or note: only what is given. */
  async change(
    email: string,
    id: number,
    change: InboxApplicationChange,
    now: Date,
  ): Promise<InboxApplication> {
    await this.ownApplication(email, id);
    const note = change.note === undefined ? undefined : change.note?.trim() || null;
    const changed = await this.c.applications.update(
      this.c.db,
      id,
      { status: change.status, starred: change.starred, note },
      now.getTime(),
    );
    // Withdrawn by the applicant in between: gone, as an application that never was.
    const row = changed ? await this.c.applications.byId(this.c.db, id) : undefined;
    if (!row) throw new NotFound(INBOX_MESSAGES.notFound);
    return inboxApplicationOf(row);
  }

  /**
   * One status for several applications: all of them this address's, or NotFound and none
   * changes (an id that names nothing is no different from another address's).
   */
  async setStatus(
    email: string,
    ids: readonly string[],
    status: ApplicationStatus,
    now: Date,
  ): Promise<string> {
    const wanted = [...new Set(ids.map(Number))];
    const rows = await this.c.applications.byIds(this.c.db, wanted);
    if (rows.length !== wanted.length) throw new NotFound(INBOX_MESSAGES.notFound);
    for (const jobId of new Set(rows.map((row) => Number(row.job_id)))) {
      if (!(await this.c.employersJob(email, jobId))) throw new NotFound(INBOX_MESSAGES.notFound);
    }
    // Checked first, then one update: an application is never moved to another listing, so
    // what was checked stays true (one withdrawn meanwhile is simply gone).
    await this.c.applications.setStatus(this.c.db, wanted, status, now.getTime());
    return INBOX_MESSAGES.bulkChanged(wanted.length, status);
  }

  /**
   * Decline an application and queue, in the same transaction, the employer's decline e-mail
   * (their template, else DEFAULT_DECLINE, filled in with the applicant's name, the job's title
   * and the organization; Reply-To the listing's contact address). Once: Conflict after.
   */
  async decline(email: string, id: number, now: Date): Promise<InboxDeclined> {
    const { row, submission } = await this.ownApplication(email, id);
    if (row.declined_at != null) throw new Conflict(INBOX_MESSAGES.alreadyDeclined);
    const [template, job] = await Promise.all([
      this.settings(email),
      this.c.job(Number(row.job_id), now),
    ]);
    const values = { name: row.name, ...titleOf(job, submission) };
    await this.c.db.transaction(async (trx) => {
      if (!(await this.c.applications.decline(trx, id, now.getTime()))) {
        throw new Conflict(INBOX_MESSAGES.alreadyDeclined);
      }
      await this.c.outbox.enqueue(
        trx,
        applicationDeclinedEmail({
          to: row.email,
          replyTo: submission.contact_email,
          subject: fillDeclineTemplate(template.declineSubject, values),
          text: fillDeclineTemplate(template.declineBody, values),
        }),
        now,
      );
    });
    // As declined (the row as read, should the applicant withdraw it this very moment).
    const declined = (await this.c.applications.byId(this.c.db, id)) ?? {
      ...row,
      status: 'declined' as const,
      declined_at: now.getTime(),
    };
    return {
      message: INBOX_MESSAGES.declined(row.name),
      application: inboxApplicationOf(declined),
    };
  }

  /** The résumé of one of this address's applications. */
  async employersResume(email: string, id: number): Promise<ResumeDownload> {
    await this.ownApplication(email, id);
    return this.resume(id);
  }

  /** The résumé of any application (the admins', who may delete it on request). */
  async resume(id: number): Promise<ResumeDownload> {
    const resume = await this.c.applications.resumeOf(this.c.db, id);
    if (!resume) throw new NotFound(INBOX_MESSAGES.notFound);
    return {
      // Named again by the one rule (resume-kind.ts): it goes into a header as it is.
      filename: resumeFileName(resume.name, resume.kind),
      contentType: RESUME_TYPES[resume.kind],
      bytes: resume.bytes,
    };
  }

  /** The address's settings, the board's decline e-mail until they wrote their own. */
  async settings(email: string): Promise<ApplicationSettings> {
    const row = await this.c.applications.settingsOf(this.c.db, email);
    return {
      notify: row?.notify ?? 'each',
      declineSubject: row?.decline_subject ?? DEFAULT_DECLINE.subject,
      declineBody: row?.decline_body ?? DEFAULT_DECLINE.body,
    };
  }

  /** Change the settings given; the others (and the digest's own record) stay. */
  async saveSettings(
    email: string,
    change: ApplicationSettingsChange,
    now: Date,
  ): Promise<ApplicationSettings> {
    await this.c.applications.saveSettings(
      this.c.db,
      email,
      {
        notify: change.notify,
        decline_subject: change.declineSubject?.trim(),
        decline_body: change.declineBody?.trim(),
      },
      now.getTime(),
    );
    return this.settings(email);
  }

  /**
   * The applications of these jobs: all of them, and each UTC day's of `days` (oldest first, as
   * the numbers of views and apply clicks have them).
   */
  async numbers(
    jobIds: readonly number[],
    days: readonly string[],
  ): Promise<Map<number, JobApplications>> {
    const since = days.length ? dayStartsAt(days[0]!) : Number.MAX_SAFE_INTEGER;
    const [totals, daily] = await Promise.all([
      this.c.applications.countsByStatus(this.c.db, jobIds),
      this.c.applications.countsByDay(this.c.db, jobIds, since),
    ]);
    const numbers = new Map(
      jobIds.map((id) => [id, { total: 0, byDay: new Map<string, number>() }]),
    );
    for (const { jobId, count } of totals) numbers.get(jobId)!.total += count;
    for (const { jobId, key, count } of daily) {
      numbers.get(jobId)!.byDay.set(isoDate(Number(key) * DAY_MS), count);
    }
    return numbers;
  }

  /** A listing of this address (its submission), or NotFound as the employer's page says it. */
  private async ownListing(email: string, jobId: number): Promise<ReviewRow> {
    const submission = await this.c.employersJob(email, jobId);
    if (!submission) throw new NotFound(EMPLOYER_MESSAGES.listingNotFound);
    return submission;
  }

  /** An application of one of this address's listings, with that listing's submission. */
  private async ownApplication(
    email: string,
    id: number,
  ): Promise<{ row: ApplicationRow; submission: ReviewRow }> {
    const row = await this.c.applications.byId(this.c.db, id);
    const submission = row && (await this.c.employersJob(email, Number(row.job_id)));
    if (!row || !submission) throw new NotFound(INBOX_MESSAGES.notFound);
    return { row, submission };
  }
}

/** The listing's title and organization: the job's as it is now, else its submission's. */
function titleOf(job: AdminJob | undefined, submission: ReviewRow) {
  return {
    title: job?.title ?? submission.title,
    organization: job?.organization ?? submission.organization,
  };
}
