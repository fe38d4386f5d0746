import type { Knex } from 'knex';
import { chunks } from '../platform/db/chunks';
import type { Db } from '../platform/db/knex';
import { Lease } from '../platform/db/lease';

/** The schedule's one row (and its lease's). */
const NEWSLETTER_LEASE_NAME = 'weekly-draft';

/**
 * The weekly draft's lease (issue 41, R9): its row of `newsletter_schedule`, which also holds the
 * schedule itself and the slot it last took (migration 20261129141100).
 */
export const NEWSLETTER_LEASE = new Lease({
  table: 'newsletter_schedule',
  name: NEWSLETTER_LEASE_NAME,
  columns: { acquiredAt: false, lastFinishedAt: true },
});

/** An issue as recorded: one block sent to Ghost as a draft. */
export interface IssueRecord {
  createdAt: number;
  createdBy: string;
  title: string;
  from: string;
  to: string;
  intro: string | null;
  ghostPostId: string;
  ghostEditUrl: string;
  /** Its jobs in the block's order; `promised`: a listing that bought the newsletter. */
  jobs: { jobId: number; promised: boolean }[];
}

export interface StoredIssue extends IssueRecord {
  id: number;
}

/** The weekly schedule's row. */
export interface ScheduleRow {
  enabled: boolean;
  /** 0 (Sunday) to 6, as Date.getUTCDay(). */
  weekday: number;
  hour: number;
  /** The slot (epoch ms) a run last took, or the one current when the schedule was saved. */
  lastSlotAt: number | null;
  lastRunAt: number | null;
  lastIssueId: number | null;
  lastMessage: string | null;
}

interface IssueRow {
  id: number | string;
  created_at: number | string;
  created_by: string;
  title: string;
  range_from: string;
  range_to: string;
  intro: string | null;
  ghost_post_id: string;
  ghost_edit_url: string;
}

const ms = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The tables `newsletter_issues`, `newsletter_issue_jobs` and `newsletter_schedule`: the only code
 * that reads or writes them. Each method runs on the `db` it is given (the pool, or a transaction).
 */
export class NewsletterRepository {
  readonly lease = NEWSLETTER_LEASE;

  /** Record an issue and its jobs; answers its id. */
  async insertIssue(trx: Knex.Transaction, issue: IssueRecord): Promise<number> {
    const [row] = await trx('newsletter_issues')
      .insert({
        created_at: issue.createdAt,
        created_by: issue.createdBy,
        title: issue.title,
        range_from: issue.from,
        range_to: issue.to,
        intro: issue.intro,
        ghost_post_id: issue.ghostPostId,
        ghost_edit_url: issue.ghostEditUrl,
      })
      .returning('id');
    const id = Number(typeof row === 'object' ? row.id : row);
    const rows = issue.jobs.map((job, position) => ({
      issue_id: id,
      job_id: job.jobId,
      position,
      promised: job.promised,
    }));
    for (const part of chunks(rows, 200)) await trx('newsletter_issue_jobs').insert(part);
    return id;
  }

  /** The latest `limit` issues, newest first, each with its jobs. */
  async latestIssues(db: Db, limit: number): Promise<StoredIssue[]> {
    const rows: IssueRow[] = await db('newsletter_issues')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    return this.withJobs(db, rows);
  }

  async issue(db: Db, id: number): Promise<StoredIssue | undefined> {
    const rows: IssueRow[] = await db('newsletter_issues').where({ id });
    return (await this.withJobs(db, rows))[0];
  }

  /** Issues in all (tests and the page count them). */
  async countIssues(db: Db): Promise<number> {
    const [row] = await db('newsletter_issues').count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /**
   * When each of these jobs last had the place its listing bought (epoch ms of the issue that
   * held it as promised); a job that never had it is absent.
   */
  async lastPromisedAt(db: Db, jobIds: number[]): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    for (const part of chunks(jobIds)) {
      const rows: { job_id: number | string; at: number | string }[] = await db(
        'newsletter_issue_jobs',
      )
        .join('newsletter_issues', 'newsletter_issues.id', 'newsletter_issue_jobs.issue_id')
        .whereIn('newsletter_issue_jobs.job_id', part)
        .andWhere('newsletter_issue_jobs.promised', true)
        .groupBy('newsletter_issue_jobs.job_id')
        .select('newsletter_issue_jobs.job_id', db.raw('max(newsletter_issues.created_at) as at'));
      for (const row of rows) found.set(Number(row.job_id), Number(row.at));
    }
    return found;
  }

  /** The issues each of these jobs appeared in (epoch ms of each, oldest first). */
  async issuesOfJobs(db: Db, jobIds: number[]): Promise<Map<number, number[]>> {
    const found = new Map<number, number[]>();
    for (const part of chunks(jobIds)) {
      const rows: { job_id: number | string; created_at: number | string }[] = await db(
        'newsletter_issue_jobs',
      )
        .join('newsletter_issues', 'newsletter_issues.id', 'newsletter_issue_jobs.issue_id')
        .whereIn('newsletter_issue_jobs.job_id', part)
        .orderBy('newsletter_issues.created_at')
        .orderBy('newsletter_issues.id')
        .select('newsletter_issue_jobs.job_id', 'newsletter_issues.created_at');
      for (const row of rows) {
        const jobId = Number(row.job_id);
        found.set(jobId, [...(found.get(jobId) ?? []), Number(row.created_at)]);
      }
    }
    return found;
  }

  // ---- the weekly schedule -------------------------------------------------------------------

  async schedule(db: Db): Promise<ScheduleRow> {
    const row: Record<string, unknown> = await db('newsletter_schedule')
      .where({ name: NEWSLETTER_LEASE_NAME })
      .first();
    return {
      enabled: Boolean(row.enabled),
      weekday: Number(row.weekday),
      hour: Number(row.hour),
      lastSlotAt: ms(row.last_slot_at as number | null),
      lastRunAt: ms(row.last_run_at as number | null),
      lastIssueId: ms(row.last_issue_id as number | null),
      lastMessage: (row.last_message as string | null) ?? null,
    };
  }

  /** Save the setting; `currentSlot`: the slot the next run must come after. */
  async saveSchedule(
    db: Db,
    setting: { enabled: boolean; weekday: number; hour: number; currentSlot: number },
    by: string,
    now: number,
  ): Promise<void> {
    await db('newsletter_schedule').where({ name: NEWSLETTER_LEASE_NAME }).update({
      enabled: setting.enabled,
      weekday: setting.weekday,
      hour: setting.hour,
      last_slot_at: setting.currentSlot,
      updated_at: now,
      updated_by: by,
    });
  }

  /**
   * Take the week's slot for this run: one conditional UPDATE, so that of any number of runs one
   * takes it (the lease already lets one run at a time; this keeps a slot to one draft even so).
   */
  async takeSlot(db: Db, slot: number): Promise<boolean> {
    const taken = await db('newsletter_schedule')
      .where({ name: NEWSLETTER_LEASE_NAME, enabled: true })
      .andWhere((q) => q.whereNull('last_slot_at').orWhere('last_slot_at', '<', slot))
      .update({ last_slot_at: slot });
    return taken === 1;
  }

  /** What came of a scheduled run: the issue it made, or why it made none. */
  async recordRun(
    db: Db,
    run: { at: number; issueId: number | null; message: string | null },
  ): Promise<void> {
    await db('newsletter_schedule').where({ name: NEWSLETTER_LEASE_NAME }).update({
      last_run_at: run.at,
      last_issue_id: run.issueId,
      last_message: run.message,
    });
  }

  private async withJobs(db: Db, rows: IssueRow[]): Promise<StoredIssue[]> {
    const jobs = new Map<number, { jobId: number; promised: boolean }[]>();
    for (const part of chunks(rows.map((row) => Number(row.id)))) {
      const found: { issue_id: number | string; job_id: number | string; promised: unknown }[] =
        await db('newsletter_issue_jobs')
          .whereIn('issue_id', part)
          .orderBy('issue_id')
          .orderBy('position')
          .select('issue_id', 'job_id', 'promised');
      for (const row of found) {
        const id = Number(row.issue_id);
        jobs.set(id, [
          ...(jobs.get(id) ?? []),
          { jobId: Number(row.job_id), promised: Boolean(row.promised) },
        ]);
      }
    }
    return rows.map((row) => ({
      id: Number(row.id),
      createdAt: Number(row.created_at),
      createdBy: row.created_by,
      title: row.title,
      from: row.range_from,
      to: row.range_to,
      intro: row.intro,
      ghostPostId: row.ghost_post_id,
      ghostEditUrl: row.ghost_edit_url,
      jobs: jobs.get(Number(row.id)) ?? [],
    }));
  }
}
