import {
  APPLICATION_ADMIN_MESSAGES,
  APPLICATION_UPKEEP_LIMITS,
  type AdminApplications,
  type ApplicationRecord,
  type ResumeKind,
} from '@jobboard/contract/applications';
import { emailKey } from '@jobboard/contract/common';
import { hasEnded, type JobEndings } from '../../jobs';
import { MailAttachments, type Outbox } from '../../mail';
import type { Db } from '../../platform/db/knex';
import { NotFound } from '../../platform/domain-errors';
import type { ApplicationRow, ApplicationsRepository } from '../applications-repository';
import { RESUME_ATTACHMENT } from '../applications-service';
import { sendApplicationDigests, type DigestDeps } from './digest';

export interface UpkeepCollaborators extends Omit<DigestDeps, 'applications' | 'jobs'> {
  applications: Pick<ApplicationsRepository, 'markNotified' | 'byId' | 'delete'>;
  jobs: Pick<JobEndings, 'ofMany'>;
  outbox: Pick<Outbox, 'enqueue' | 'cancelCarrying'>;
}

const iso = (at: number | string) => new Date(Number(at)).toISOString();

/** The first instant of the calendar month (UTC) of `now`. */
const monthStart = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);

/**
 * What the board does with applications once they are stored (issue 42,
 * docs/product.md#applications): the employers' daily digests, their deletion a set time after
 * their listing ended (the retention run asks), the admin's counts, look-up and deletion on
 * request, and an address's data export and deletion (its alerts' link, a member's 'Your data').
 */
export class ApplicationsUpkeep {
  constructor(private readonly c: UpkeepCollaborators) {}

  /** The digests due now (digest.ts). */
  sendDigests() {
    return sendApplicationDigests(this.c);
  }

  // ---- retention -------------------------------------------------------------------------------

  /**
   * Delete the applications (their résumés with them) whose listing ended before `before`
   * (jobs/listing-end.ts: its expiry or its application deadline came), at most `batch` per
   * transaction, until none is left or `keep` says the run lost its lease; how many went. A
   * listing switched off has not ended (it may come back): its applications stay until it ends
   * or is deleted, which deletes them at once. A relayed copy still waiting in the outbox is given
   * up when it finds its résumé gone (mail/outbox-sender.ts).
   */
  async deleteOfListingsEndedBefore(
    before: Date,
    batch: number,
    keep: () => Promise<boolean>,
  ): Promise<number> {
    const { db, upkeep } = this.c;
    let deleted = 0;
    let afterJobId = 0;
    for (;;) {
      const jobIds = await upkeep.jobsWithApplications(db, afterJobId, batch);
      afterJobId = jobIds.at(-1) ?? afterJobId;
      const jobs = await this.c.jobs.ofMany(jobIds);
      const ended = jobIds.filter((id) => {
        const job = jobs.get(id);
        return job !== undefined && hasEnded(job, before);
      });
      for (;;) {
        const ids = await upkeep.idsOfJobs(db, ended, batch);
        if (ids.length) {
          deleted += await db.transaction((trx) => this.c.applications.delete(trx, ids));
        }
        if (ids.length < batch) break;
        if (!(await keep())) return deleted;
      }
      if (jobIds.length < batch || !(await keep())) return deleted;
    }
  }

  // ---- the admin's counts ----------------------------------------------------------------------

  /** These jobs, each with how many applications it has (`applications`; 0 for none). */
  async withCounts<J extends { id: string }>(
    jobs: readonly J[],
  ): Promise<(J & { applications: number })[]> {
    const counts = await this.c.upkeep.countsByJob(
      this.c.db,
      jobs.map((job) => Number(job.id)),
    );
    return jobs.map((job) => ({ ...job, applications: counts.get(Number(job.id)) ?? 0 }));
  }

  /** The dashboard's numbers: applications held, and sent this calendar month (UTC). */
  async numbers(now: Date): Promise<{ applications: number; applicationsThisMonth: number }> {
    const totals = await this.c.upkeep.totals(this.c.db, monthStart(now));
    return { applications: totals.held, applicationsThisMonth: totals.since };
  }

  // ---- an address's applications ---------------------------------------------------------------

  /** Every application sent from an address, newest first, as its data export holds it. */
  async recordsForEmail(email: string): Promise<ApplicationRecord[]> {
    const rows = await this.c.upkeep.ofAddress(this.c.db, emailKey(email));
    const jobs = await this.jobsOf(rows);
    return rows.map((row) => ({
      ...jobs(row),
      name: row.name,
      email: row.email,
      phone: row.phone,
      links: parseList<string>(row.links),
      coverNote: row.cover_note,
      answers: parseList<{ question: string; answer: string }>(row.answers),
      resume: {
        name: row.resume_name,
        kind: row.resume_type as ResumeKind,
        bytes: Number(row.resume_bytes),
      },
      status: row.status,
      createdAt: iso(row.created_at),
    }));
  }

  /**
   * Delete every application sent from an address, with its résumé and any relayed copy not yet
   * sent (the address's data deletion); how many went.
   */
  async deleteForEmail(email: string): Promise<number> {
    const key = emailKey(email);
    return this.c.db.transaction(async (trx) => {
      const ids = (await this.c.upkeep.ofAddress(trx, key)).map((row) => row.id);
      return this.remove(trx, ids);
    });
  }

  /** The admin's look-up: an address's applications (their job, when, status), newest first. */
  async lookup(email: string): Promise<AdminApplications> {
    const key = emailKey(email);
    const rows = await this.c.upkeep.ofAddress(
      this.c.db,
      key,
      APPLICATION_UPKEEP_LIMITS.adminLookup,
    );
    const jobs = await this.jobsOf(rows);
    return {
      applications: rows.map((row) => ({
        id: String(row.id),
        ...jobs(row),
        status: row.status,
        createdAt: iso(row.created_at),
      })),
      total: await this.c.upkeep.countOfAddress(this.c.db, key),
    };
  }

  /**
   * The admin's deletion of one application on its applicant's request, with its résumé and any
   * relayed copy not yet sent; its job (for the log). NotFound once it is gone.
   */
  async deleteOne(id: number): Promise<{ jobId: number }> {
    return this.c.db.transaction(async (trx) => {
      const row = await this.c.applications.byId(trx, id);
      if (!row) throw new NotFound(APPLICATION_ADMIN_MESSAGES.notFound);
      await this.remove(trx, [row.id]);
      return { jobId: Number(row.job_id) };
    });
  }

  /** Delete these applications and give up the messages not yet sent that carry their résumés. */
  private async remove(trx: Db, ids: readonly number[]): Promise<number> {
    for (const id of ids) {
      await this.c.outbox.cancelCarrying(trx, MailAttachments.ref(RESUME_ATTACHMENT, id));
    }
    return this.c.applications.delete(trx, ids);
  }

  /** The job of each application (title and organization), from one read of their jobs. */
  private async jobsOf(rows: readonly ApplicationRow[]) {
    const jobs = await this.c.jobs.ofMany([...new Set(rows.map((row) => Number(row.job_id)))]);
    return (row: ApplicationRow) => {
      const job = jobs.get(Number(row.job_id));
      return {
        jobId: String(row.job_id),
        title: job?.title ?? '',
        organization: job?.organization ?? '',
      };
    };
  }
}

/** A JSON list column, read leniently (a damaged value is an empty list). */
function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
