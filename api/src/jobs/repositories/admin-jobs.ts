import type { AdminJob, AdminJobPage, AdminJobsQuery } from '@jobboard/contract/admin';
import { PAY_MESSAGES, type Job } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import type { Dialect } from '../../platform/db/knex';
import { adminJobsScope, orderAdminJobs, type AdminJobsView } from './admin-view';
import type { JobAuditRow } from '../job-audit';
import { jobAuditOf } from './job-audit-log';
import { applyFieldsOfRow } from '../apply-fields';
import { toJob } from '../job-mapper';
import { whereLive } from '../listing-end';
import { loadRows, parseAdminFields, pluckIds } from './job-rows';

/** Most rows one CSV export holds (a board's whole history is a few tens of thousands). */
export const MAX_EXPORT_ROWS = 50_000;

/** The dashboard's counts of jobs (lifecycleCounts). */
export interface LifecycleCounts {
  live: number;
  expiringSoon: number;
  flaggedLinks: number;
}

/** The submission each job was published from, by job id (the submissions domain answers). */
export type SubmissionIdsByJob = (jobIds: number[]) => Promise<Map<number, number>>;

/**
 * The admins' reads of jobs: every job whatever its state, its views (search, filters, sort, pages,
 * the CSV export), the dashboard's counts and a job's audit lines. They go through the writer's
 * connection (`db`): the read connections serve visitors, and an admin's work must not queue
 * behind their searches.
 */
export class AdminJobsRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    /** The job list names the submission each job came from (none for a repository of the bench). */
    private readonly submissionIdsByJob: SubmissionIdsByJob = async () => new Map(),
  ) {}

  /** Every job, inactive and expired too, newest first: the admin dashboard's table. */
  async listAll(now: Date): Promise<AdminJob[]> {
    const ids = await pluckIds(
      this.db('jobs')
        .select('jobs.id')
        .orderBy('jobs.created_at', 'desc')
        .orderBy('jobs.id', 'desc'),
    );
    return this.asAdminJobs(ids, now);
  }

  /** One job whatever its state, for the admin screens. */
  async findAny(id: number, now: Date): Promise<AdminJob | undefined> {
    const [job] = await this.asAdminJobs([id], now);
    return job;
  }

  /** One page of an admin view of the jobs (search, filters, sort) and how many the view holds. */
  async adminPage(view: AdminJobsView, now: Date): Promise<AdminJobPage> {
    // The page's ids and the view's total in one statement (a window count): one walk of the
    // view instead of two. Only a page past the end, which has no row to carry it, counts again.
    const query = adminJobsScope(this.db, view, now).select('jobs.id', {
      view_total: this.db.raw('count(*) over ()'),
    });
    orderAdminJobs(query, view, this.db);
    query.limit(view.pageSize).offset((view.page - 1) * view.pageSize);
    const rows: { id: unknown; view_total: unknown }[] = await query;
    const total = rows.length
      ? Number(rows[0]!.view_total)
      : Number((await adminJobsScope(this.db, view, now).count({ n: '*' }))[0]?.n ?? 0);
    const jobs = await this.asAdminJobs(
      rows.map((r) => Number(r.id)),
      now,
    );
    return { jobs, total, page: view.page, pageSize: view.pageSize };
  }

  /** Every job of an admin view in its order (the CSV export), at most MAX_EXPORT_ROWS. */
  async adminView(view: AdminJobsView, now: Date): Promise<AdminJob[]> {
    const query = adminJobsScope(this.db, view, now).select('jobs.id');
    orderAdminJobs(query, view, this.db);
    const ids = await pluckIds(query.limit(MAX_EXPORT_ROWS));
    const jobs: AdminJob[] = [];
    for (const part of chunks(ids, 500)) jobs.push(...(await this.asAdminJobs(part, now)));
    return jobs;
  }

  /**
   * Live jobs, those of them whose listing ends within EXPIRING_WITHIN_DAYS days, and those whose
   * application link the link checker flagged (issue 45).
   */
  async lifecycleCounts(now: Date): Promise<LifecycleCounts> {
    const count = async (view: AdminJobsQuery) =>
      Number((await adminJobsScope(this.db, view, now).count({ n: '*' }))[0]?.n ?? 0);
    return {
      live: await count(liveView('live')),
      expiringSoon: await count(liveView(undefined, 'yes')),
      flaggedLinks: await count({ ...liveView('live'), link: 'flagged' }),
    };
  }

  /**
   * The live jobs posted from `from` to `to` (YYYY-MM-DD, both days included), newest first, by
   * id: the newsletter block's range (issue 44). Ids alone: the block loads those it keeps.
   */
  async livePostedBetween(from: string, to: string, now: Date): Promise<number[]> {
    const query = this.db('jobs').select('jobs.id').whereBetween('jobs.posted_date', [from, to]);
    whereLive(query, now);
    return pluckIds(query.orderBy('jobs.posted_date', 'desc').orderBy('jobs.id', 'desc'));
  }

  /** Those of these jobs that are live, whole as the public reads them, in the order of the ids. */
  async liveOf(ids: number[], now: Date): Promise<Job[]> {
    const live = new Set<number>();
    for (const part of chunks(ids)) {
      const query = this.db('jobs').select('jobs.id').whereIn('jobs.id', part);
      for (const id of await pluckIds(whereLive(query, now))) live.add(id);
    }
    const loaded = await loadRows(
      this.db,
      this.dialect,
      ids.filter((id) => live.has(id)),
    );
    return loaded.map(({ row, lists }) => toJob(row, lists, now));
  }

  /** A job's audit lines, oldest first. */
  async auditOf(jobId: number): Promise<JobAuditRow[]> {
    return jobAuditOf(this.db, jobId);
  }

  private async asAdminJobs(ids: number[], now: Date): Promise<AdminJob[]> {
    const loaded = await loadRows(this.db, this.dialect, ids);
    const submissions = await this.submissionIdsByJob(ids);
    return loaded.map(({ row, lists }) => {
      const job = toJob(row, lists, now);
      const logoSource = row.company_logo_url?.trim() || null;
      return {
        ...job,
        // An admin's answer keeps `company.logo` as the address as given, as before logos were
        // stored: an admin remote built against the earlier contract fills its form's Logo URL
        // from it (and would save the `/logos/...` path back, which the form refuses).
        company: { ...job.company, ...(logoSource ? { logo: logoSource } : {}) },
        source: row.source,
        createdAt: new Date(Number(row.created_at)).toISOString(),
        submissionId: submissions.has(Number(row.id))
          ? String(submissions.get(Number(row.id)))
          : null,
        adminFields: parseAdminFields(row.admin_fields),
        logoSource,
        ...applyOfAdmin(row),
        // Held back only matters for a job that is on (one switched off is off the board anyway).
        ...(row.pay_held && row.active ? { heldBack: PAY_MESSAGES.held } : {}),
      };
    });
  }
}

/**
 * How the job takes applications as the admin sees it: as stored, the relayed address and a link
 * kept beside another method too (the public answer's: job-mapper.ts applyOfRow).
 */
function applyOfAdmin(row: Parameters<typeof applyFieldsOfRow>[0]) {
  const { applicationUrl, ...apply } = applyFieldsOfRow(row);
  return { ...apply, ...(applicationUrl ? { applicationUrl } : {}) };
}

/** A view of the jobs list that only filters (for the dashboard's counts). */
function liveView(status?: 'live', expiring?: 'yes'): AdminJobsQuery {
  return { status, expiring, sort: 'created', dir: 'desc', page: 1, pageSize: 1 };
}
