import {
  BULK_EXTEND_DAYS,
  MAX_PAGE_SIZE,
  bulkSummary,
  type AdminJobPage,
  type AdminJobsQuery,
  type BulkJobActionName,
  type BulkJobResult,
  canonicalJobType,
  RECENT_DAYS,
  defaultSearchFilter,
  salaryFromFigures,
  normaliseDeadline,
  type AdminJob,
  type Job,
  type SearchFilter,
  type SearchRequest,
  type SearchResponse,
  type SyncSource,
} from '@jobboard/contract';
import type { Knex } from 'knex';
import { addDays, isoDate } from './dates';
import { labelKey } from './label-key';
import { JOB_ROW_COLUMNS, toJob, type JobLists, type JobRow } from './job-mapper';
import { salaryRangeOf } from './salary';
import type { Dialect } from '../db/knex';
import { JobChanges } from './job-changes';
import type { SearchIndex } from './search-index';
import { chunks } from './search-index/search-index';
import { publicScope } from './search/criteria';
import { JobSearch, type SearchPage } from './search/job-search';
import { NotFound } from '../domain-errors';
import { adminJobsScope, orderAdminJobs } from './admin-view';
import { Companies, companyIds, type CompanyWriter } from './companies';
import {
  jobAuditOf,
  recordJobAudit,
  type AuditActor,
  type JobAuditEntry,
  type JobAuditRow,
} from './job-audit';

/** Most rows one CSV export holds (a board's whole history is a few tens of thousands). */
export const MAX_EXPORT_ROWS = 50_000;

export type SubmissionIdsByJob = (jobIds: number[]) => Promise<Map<number, number>>;

/** The recent list holds at most this many jobs (the newest of the last RECENT_DAYS days). */
export const RECENT_JOBS_LIMIT = 500;

/** A search with every filter at its default: every public job, featured first, newest first. */
export function defaultSearchRequest(): SearchRequest {
  return { ...defaultSearchFilter(), page: 1, pageSize: MAX_PAGE_SIZE };
}

/**
 * Who owns a job row: an admin, a paid submission, the demo seed, or an external source: 'airtable'
 * and 'json-feed' (the re-sync, sync/), or 'sync' (bulk imports: the bench, tests).
 */
export type JobSource = 'admin' | 'submission' | 'sync' | 'demo' | SyncSource;

/** A job a sync source made, as the next sync compares it with its record. */
export interface SyncedJob {
  id: number;
  externalId: string;
  syncHash: string | null;
  active: boolean;
}

/**
 * Everything needed to write a job; the company is found or created by name. Its details
 * (description, website, logo) are what the write says about the company: they change a company
 * already on the board only as `companyBy` may (companies.ts; by default, as the job's source).
 */
export interface JobInput {
  title: string;
  organization: string;
  companyDescription?: string;
  websiteUrl?: string;
  logoUrl?: string | null;
  companyBy?: CompanyWriter;
  description: string;
  jobType: string;
  remote: boolean;
  experienceLevel: string;
  /** Salary as written; when absent it is composed from the figures. */
  salaryText?: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  deadline?: string | null;
  postedDate: string;
  responsibilities?: string[];
  requirements?: string[];
  benefits?: string[];
  applicationUrl?: string | null;
  via: string;
  featured: boolean;
  active: boolean;
  expiresAt?: Date | null;
  source: JobSource;
  externalId?: string | null;
  /** A synced job's fingerprint of its source record (sync/); null for every other job. */
  syncHash?: string | null;
  locations: string[];
  categories: string[];
}

type Db = Knex | Knex.Transaction;

/**
 * All reads and writes of jobs. Public reads only ever see active, unexpired jobs (`publicScope`);
 * every write keeps the full-text index in step inside the same transaction.
 */
export class JobsRepository {
  private readonly searcher: JobSearch;
  /** The companies' details and their history (companies.ts). */
  readonly companies: Companies;

  /**
   * @param db writes (one connection on SQLite)
   * @param readDb reads, on their own connections on SQLite (see plugins/db.ts)
   * @param changes told about every write, inside its transaction (the public-read cache listens)
   */
  constructor(
    private readonly db: Knex,
    private readonly readDb: Knex,
    private readonly searchIndex: SearchIndex,
    private readonly dialect: Dialect,
    readonly changes: JobChanges = new JobChanges(),
    /**
     * The submission each job was published from, by job id: the submissions' repository answers
     * (plugins/jobs.ts). A repository made outside the app (the bench) names none.
     */
    private readonly submissionIdsByJob: SubmissionIdsByJob = async () => new Map(),
  ) {
    this.searcher = new JobSearch(readDb, dialect, searchIndex);
    this.companies = new Companies(db, changes);
  }

  // ---- public reads -------------------------------------------------------------------------

  /**
   * One page of every public job, featured first, newest first, for `GET /api/jobs` (which once
   * answered every job in one response: at 100,000 jobs that is 200 MB).
   */
  async listPublic(now: Date, page = 1, pageSize = MAX_PAGE_SIZE): Promise<SearchPage> {
    return this.searcher.find({ ...defaultSearchRequest(), page, pageSize }, now);
  }

  /**
   * Public jobs posted in the last `days` days, newest first: the recent list. A busy board posts
   * thousands in ten days, so the list holds the newest RECENT_JOBS_LIMIT of them.
   */
  async listRecent(now: Date, days = RECENT_DAYS): Promise<Job[]> {
    const query = this.readDb('jobs').select('jobs.id');
    publicScope(query, now);
    query
      .where('jobs.posted_date', '>=', isoDate(addDays(now, -days)))
      .orderBy('jobs.posted_date', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(RECENT_JOBS_LIMIT);
    return this.loadInOrder(await pluckIds(query), now);
  }

  /**
   * A job whose page may be shown: active, expired or not (an expired job keeps its URL and says it
   * no longer takes applications).
   */
  async findVisible(id: number, now: Date): Promise<Job | undefined> {
    const query = this.readDb('jobs')
      .where('jobs.id', id)
      .andWhere('jobs.active', true)
      .select('jobs.id');
    const [job] = await this.loadInOrder(await pluckIds(query), now);
    return job;
  }

  /** Whether a job with this id exists at all, public or not (a closed job's page says so). */
  async exists(id: number): Promise<boolean> {
    const row = await this.readDb('jobs').where('id', id).first('id');
    return row !== undefined;
  }

  /**
   * Every public job's id and when it last changed, newest first, at most `limit`: the sitemap.
   * Only two columns of an index-ordered scan, so it stays cheap at 100,000 jobs.
   */
  async publicUpdates(now: Date, limit: number): Promise<{ id: number; updatedAt: number }[]> {
    const query = this.readDb('jobs').select('jobs.id', 'jobs.updated_at');
    publicScope(query, now);
    const rows: { id: number; updated_at: number | string }[] = await query
      .orderBy('jobs.posted_date', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(limit);
    return rows.map((r) => ({ id: Number(r.id), updatedAt: Number(r.updated_at) }));
  }

  /**
   * Which of these ids name a job whose page may be shown (as findVisible): a member's bookmarks of
   * the others are shown as removed.
   */
  async visibleIds(ids: number[]): Promise<Set<number>> {
    const visible = new Set<number>();
    for (const part of chunks(ids)) {
      const query = this.readDb('jobs')
        .whereIn('jobs.id', part)
        .andWhere('jobs.active', true)
        .select('jobs.id');
      for (const id of await pluckIds(query)) visible.add(id);
    }
    return visible;
  }

  /** One page of the public jobs matching a filter object, and how many match in all. */
  async search(request: SearchRequest, now: Date): Promise<SearchResponse> {
    const { ids, total, totalExact } = await this.searcher.find(request, now);
    const jobs = await this.loadInOrder(ids, now);
    return { jobs, total, totalExact, page: request.page, pageSize: request.pageSize };
  }

  /** The newest `limit` public jobs of a search, featured or not, newest first: a feed. */
  async newest(filter: SearchFilter, limit: number, now: Date): Promise<Job[]> {
    return this.loadInOrder(await this.searcher.newest(filter, now, limit), now);
  }

  /** The jobs with these ids, whole, in the order of the ids. */
  async loadInOrder(ids: number[], now: Date): Promise<Job[]> {
    return (await this.loadRows(ids)).map(({ row, lists }) => toJob(row, lists, now));
  }

  /**
   * Public jobs matching a filter created after the job `afterId` and up to `upToId` (see
   * JobSearch.findNew): the first `limit` of them, whole, and how many there are.
   */
  async findNew(
    filter: SearchFilter,
    window: { afterId: number; upToId: number },
    now: Date,
    limit: number,
  ): Promise<{ jobs: Job[]; total: number; totalExact: boolean }> {
    const { ids, total, totalExact } = await this.searcher.findNew(filter, window, now, limit);
    return { jobs: await this.loadInOrder(ids, now), total, totalExact };
  }

  /** The id of the newest job (0 when there is none): where "new since now" starts. */
  async latestId(): Promise<number> {
    const [row] = await this.readDb('jobs').max({ id: 'id' });
    return Number(row?.id ?? 0);
  }

  /** Distinct locations of public jobs, alphabetical. */
  async publicLocations(now: Date): Promise<string[]> {
    return this.publicNames('locations', 'job_locations', 'location_id', now);
  }

  /** Distinct categories of public jobs, alphabetical. */
  async publicCategories(now: Date): Promise<string[]> {
    return this.publicNames('categories', 'job_categories', 'category_id', now);
  }

  async count(): Promise<number> {
    const [row] = await this.readDb('jobs').count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  // ---- writes ---------------------------------------------------------------------------------

  async create(input: JobInput, now: Date, db: Db = this.db): Promise<number> {
    const [id] = await this.createMany([input], now, db);
    return id!;
  }

  /**
   * Write many jobs in one transaction with batched statements (imports, syncs, the benchmark's
   * 100,000 jobs): companies, locations and categories are resolved once per distinct name, rows go
   * in a few hundred at a time, and the search index is rebuilt for the new ids at the end.
   * Returns the new ids in the order of the inputs.
   */
  async createMany(inputs: JobInput[], now: Date, db: Db = this.db): Promise<number[]> {
    if (!inputs.length) return [];
    return db.transaction(async (trx) => {
      const companies = await companyIds(trx, inputs, now);
      const ids: number[] = [];
      for (const part of chunks(inputs, INSERT_BATCH)) {
        const inserted: ({ id: number } | number)[] = await trx('jobs')
          .insert(
            part.map((input) => ({
              ...jobColumns(input, now),
              company_id: companies.get(input.organization.trim())!,
              created_at: now.getTime(),
            })),
          )
          .returning('id');
        ids.push(...inserted.map((row) => Number(typeof row === 'object' ? row.id : row)));
      }
      await insertLists(trx, ids, inputs);
      await this.searchIndex.reindex(trx, ids);
      await this.changes.record(trx);
      return ids;
    });
  }

  /** Replace a job's fields; false when there is no such job. */
  async update(id: number, input: JobInput, now: Date, db: Db = this.db): Promise<boolean> {
    return (await this.updateMany([{ id, input }], now, db)) > 0;
  }

  /**
   * Replace the fields of many jobs in one transaction (a sync rewriting its changed records):
   * companies and names resolved once, lists and the search index rewritten in batches. Returns
   * how many of the jobs existed.
   */
  async updateMany(
    changes: { id: number; input: JobInput }[],
    now: Date,
    db: Db = this.db,
  ): Promise<number> {
    if (!changes.length) return 0;
    return db.transaction(async (trx) => {
      const companies = await companyIds(
        trx,
        changes.map((c) => c.input),
        now,
      );
      const found: { id: number; input: JobInput }[] = [];
      for (const { id, input } of changes) {
        const changed = await trx('jobs')
          .where({ id })
          .update({
            ...jobColumns(input, now),
            company_id: companies.get(input.organization.trim())!,
          });
        if (changed) found.push({ id, input });
      }
      if (!found.length) return 0;
      const ids = found.map((c) => c.id);
      for (const part of chunks(ids, INSERT_BATCH)) {
        await trx('job_locations').whereIn('job_id', part).delete();
        await trx('job_categories').whereIn('job_id', part).delete();
      }
      await insertLists(
        trx,
        ids,
        found.map((c) => c.input),
      );
      await this.searchIndex.reindex(trx, ids);
      await this.changes.record(trx);
      return found.length;
    });
  }

  async delete(id: number, db: Db = this.db): Promise<boolean> {
    return db.transaction(async (trx) => {
      await this.searchIndex.remove(trx, [id]);
      const deleted = (await trx('jobs').where({ id }).delete()) > 0;
      if (deleted) await this.changes.record(trx);
      return deleted;
    });
  }

  /** Every job `source` made (active or not), for a sync to compare with what the source holds. */
  async syncedJobs(source: SyncSource, db: Db = this.db): Promise<SyncedJob[]> {
    const rows: { id: number; external_id: string; sync_hash: string | null; active: unknown }[] =
      await db('jobs')
        .where({ source })
        .whereNotNull('external_id')
        .select('id', 'external_id', 'sync_hash', 'active');
    return rows.map((row) => ({
      id: Number(row.id),
      externalId: row.external_id,
      syncHash: row.sync_hash,
      active: Boolean(row.active),
    }));
  }

  /**
   * Switch these jobs off (a synced job whose record left its source): kept, with their URLs,
   * so a record that comes back is the same job again. Returns how many were switched off.
   */
  async deactivate(ids: number[], now: Date, db: Db = this.db): Promise<number> {
    if (!ids.length) return 0;
    return db.transaction(async (trx) => {
      let changed = 0;
      for (const part of chunks(ids, INSERT_BATCH)) {
        changed += await trx('jobs')
          .whereIn('id', part)
          .where({ active: true })
          .update({ active: false, updated_at: now.getTime() });
      }
      if (changed) await this.changes.record(trx);
      return changed;
    });
  }

  // ---- helpers --------------------------------------------------------------------------------

  /**
   * Names with at least one public job. Asked per name (a few hundred), each stopping at its first
   * public job, instead of collecting the names of every public job (100,000 at a real size).
   */
  private async publicNames(
    table: 'locations' | 'categories',
    joinTable: 'job_locations' | 'job_categories',
    key: 'location_id' | 'category_id',
    now: Date,
  ): Promise<string[]> {
    const rows: { name: string }[] = await this.readDb(table)
      .whereExists((q) => {
        q.select(this.readDb.raw('1'))
          .from(joinTable)
          .join('jobs', 'jobs.id', `${joinTable}.job_id`)
          .whereRaw(`${joinTable}.${key} = ${table}.id`);
        publicScope(q, now);
      })
      .select('name');
    // Sorted here, not in SQL: SQLite and PostgreSQL collate text differently.
    return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b, 'en'));
  }

  /**
   * Rows and lists of these jobs, in the order of the ids (unknown ids are skipped): one query,
   * each job's locations and categories gathered as JSON lists beside its row. Public reads use the
   * read connections; the admin's use `this.db`, so a save never waits behind visitors' searches.
   */
  private async loadRows(
    ids: number[],
    db: Knex = this.readDb,
  ): Promise<{ row: JobRow; lists: JobLists }[]> {
    if (!ids.length) return [];
    const rows: (JobRow & { locations_json: unknown; categories_json: unknown })[] = [];
    for (const part of chunks(ids)) {
      rows.push(
        ...(await db('jobs')
          .join('companies', 'companies.id', 'jobs.company_id')
          .whereIn('jobs.id', part)
          .select(JOB_ROW_COLUMNS)
          .select({
            locations_json: this.namesOf(db, 'job_locations', 'locations', 'location_id'),
            categories_json: this.namesOf(db, 'job_categories', 'categories', 'category_id'),
          })),
      );
    }
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const lists = {
        locations: jsonList(row.locations_json),
        categories: jsonList(row.categories_json),
      };
      return [{ row, lists }];
    });
  }

  /** A job's location or category names in their order, as a JSON list (a correlated subquery). */
  private namesOf(
    db: Knex,
    joinTable: 'job_locations' | 'job_categories',
    table: 'locations' | 'categories',
    key: 'location_id' | 'category_id',
  ): Knex.Raw {
    const names = `FROM ${joinTable} JOIN ${table} ON ${table}.id = ${joinTable}.${key}
                   WHERE ${joinTable}.job_id = jobs.id`;
    return this.dialect === 'postgres'
      ? db.raw(`(SELECT json_agg(${table}.name ORDER BY ${joinTable}.position) ${names})`)
      : db.raw(
          `(SELECT json_group_array(name) FROM (SELECT ${table}.name ${names}
             ORDER BY ${joinTable}.position))`,
        );
  }

  // ---- admin reads ----------------------------------------------------------------------------

  // Admin reads go through `this.db` (the writer's connection on SQLite): the read connections
  // serve visitors, and an admin's work must not queue behind their searches.

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

  /** The stored row of a job (what an update must keep: its source, external id, expiry). */
  async row(id: number): Promise<JobRow | undefined> {
    const [loaded] = await this.loadRows([id], this.db);
    return loaded?.row;
  }

  /** Switch a job on or off and set when it stops being public (extend / republish). */
  async setLifecycle(
    id: number,
    change: { active: boolean; expiresAt: Date | null; postedDate?: string },
    now: Date,
    db: Db = this.db,
  ): Promise<boolean> {
    return db.transaction(async (trx) => {
      const updated = await trx('jobs')
        .where({ id })
        .update({
          active: change.active,
          expires_at: change.expiresAt ? change.expiresAt.getTime() : null,
          ...(change.postedDate ? { posted_date: change.postedDate } : {}),
          updated_at: now.getTime(),
        });
      if (updated) await this.changes.record(trx);
      return updated > 0;
    });
  }

  /** Run `work` in one transaction of the writer (an admin change and its audit line together). */
  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** One page of an admin view of the jobs (search, filters, sort) and how many the view holds. */
  async adminPage(view: AdminJobsQuery, now: Date): Promise<AdminJobPage> {
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
  async adminView(view: AdminJobsQuery, now: Date): Promise<AdminJob[]> {
    const query = adminJobsScope(this.db, view, now).select('jobs.id');
    orderAdminJobs(query, view, this.db);
    const ids = await pluckIds(query.limit(MAX_EXPORT_ROWS));
    const jobs: AdminJob[] = [];
    for (const part of chunks(ids, 500)) jobs.push(...(await this.asAdminJobs(part, now)));
    return jobs;
  }

  /** Live jobs, and those of them whose listing ends within EXPIRING_WITHIN_DAYS days. */
  async lifecycleCounts(now: Date): Promise<{ live: number; expiringSoon: number }> {
    const live = (await adminJobsScope(this.db, liveView('live'), now).count({ n: '*' }))[0];
    const soon = (
      await adminJobsScope(this.db, liveView(undefined, 'yes'), now).count({ n: '*' })
    )[0];
    return { live: Number(live?.n ?? 0), expiringSoon: Number(soon?.n ?? 0) };
  }

  /**
   * One action on many jobs, in one transaction: every id must name a job, or nothing changes
   * (NotFound naming the missing ones). Jobs already in the asked state are left as they are and
   * counted as unchanged. Each changed job gets its audit line.
   */
  async bulk(
    action: BulkJobActionName,
    requestedIds: number[],
    by: AuditActor,
    now: Date,
  ): Promise<BulkJobResult> {
    const ids = [...new Set(requestedIds)];
    return this.db.transaction(async (trx) => {
      const rows: { id: number; active: unknown; expires_at: unknown }[] = [];
      for (const part of chunks(ids)) {
        const query = trx('jobs').whereIn('id', part).select('id', 'active', 'expires_at');
        if (this.dialect === 'postgres') query.forUpdate();
        rows.push(...(await query));
      }
      const found = new Set(rows.map((r) => Number(r.id)));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        throw new NotFound(
          `No job with id ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '...' : ''}: nothing was changed`,
        );
      }
      const audit: JobAuditEntry[] = [];
      if (action === 'activate' || action === 'deactivate') {
        const active = action === 'activate';
        const toChange = rows.filter((r) => Boolean(r.active) !== active).map((r) => Number(r.id));
        for (const part of chunks(toChange)) {
          await trx('jobs').whereIn('id', part).update({ active, updated_at: now.getTime() });
        }
        audit.push(
          ...toChange.map((jobId) => ({
            jobId,
            action: action === 'activate' ? ('activated' as const) : ('deactivated' as const),
          })),
        );
      } else if (action === 'extend') {
        for (const row of rows) {
          const end = row.expires_at == null ? null : Number(row.expires_at);
          const from = end !== null && end > now.getTime() ? new Date(end) : now;
          const expiresAt = addDays(from, BULK_EXTEND_DAYS);
          await trx('jobs')
            .where({ id: row.id })
            .update({ active: true, expires_at: expiresAt.getTime(), updated_at: now.getTime() });
          audit.push({
            jobId: Number(row.id),
            action: 'extended',
            detail: `Extended by ${BULK_EXTEND_DAYS} days, to ${isoDate(expiresAt)}`,
          });
        }
      } else {
        for (const part of chunks(ids)) {
          await this.searchIndex.remove(trx, part);
          await trx('jobs').whereIn('id', part).delete();
        }
        audit.push(...ids.map((jobId) => ({ jobId, action: 'deleted' as const })));
      }
      await recordJobAudit(
        trx,
        audit.map((a) => ({ ...a, detail: a.detail ?? 'Bulk action' })),
        by,
        now,
      );
      if (audit.length) await this.changes.record(trx);
      const changed = audit.length;
      const unchanged = ids.length - changed;
      return {
        action,
        requested: ids.length,
        changed,
        unchanged,
        message: bulkSummary(action, changed, unchanged),
      };
    });
  }

  /** Record admin changes of jobs (in the transaction of the change, when given one). */
  async recordAudit(
    entries: JobAuditEntry[],
    by: AuditActor,
    now: Date,
    db: Db = this.db,
  ): Promise<void> {
    await recordJobAudit(db, entries, by, now);
  }

  /** A job's audit lines, oldest first. */
  async auditOf(jobId: number): Promise<JobAuditRow[]> {
    return jobAuditOf(this.db, jobId);
  }

  private async asAdminJobs(ids: number[], now: Date): Promise<AdminJob[]> {
    const loaded = await this.loadRows(ids, this.db);
    const submissions = await this.submissionIdsByJob(ids);
    return loaded.map(({ row, lists }) => ({
      ...toJob(row, lists, now),
      source: row.source,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      submissionId: submissions.has(Number(row.id))
        ? String(submissions.get(Number(row.id)))
        : null,
    }));
  }
}

/** A view of the jobs list that only filters (for the dashboard's counts). */
function liveView(status?: 'live', expiring?: 'yes'): AdminJobsQuery {
  return { status, expiring, sort: 'created', dir: 'desc', page: 1, pageSize: 1 };
}

/** A list of names as the database returned it: parsed JSON (PostgreSQL), JSON text, or null. */
function jsonList(value: unknown): string[] {
  const list = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String) : [];
}

async function pluckIds(query: Knex.QueryBuilder): Promise<number[]> {
  const rows: { id: number }[] = await query;
  return rows.map((r) => Number(r.id));
}

function jobColumns(input: JobInput, now: Date) {
  const parsed =
    input.salaryMin == null && input.salaryMax == null ? salaryRangeOf(input.salaryText) : null;
  const salaryMin = parsed ? parsed.min : input.salaryMin;
  const salaryMax = parsed ? parsed.max : input.salaryMax;
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    job_type: canonicalJobType(input.jobType),
    remote: input.remote,
    experience_level: input.experienceLevel,
    salary_text: input.salaryText?.trim() || salaryFromFigures(salaryMin, salaryMax) || null,
    salary_min: salaryMin,
    salary_max: salaryMax,
    deadline: input.deadline?.trim() ? normaliseDeadline(input.deadline) : null,
    posted_date: input.postedDate,
    responsibilities: JSON.stringify(input.responsibilities ?? []),
    requirements: JSON.stringify(input.requirements ?? []),
    benefits: JSON.stringify(input.benefits ?? []),
    application_url: input.applicationUrl?.trim() || null,
    via: input.via,
    featured: input.featured,
    active: input.active,
    expires_at: input.expiresAt ? input.expiresAt.getTime() : null,
    source: input.source,
    external_id: input.externalId ?? null,
    sync_hash: input.syncHash ?? null,
    updated_at: now.getTime(),
  };
}

/**
 * Rows per INSERT: under the 500 terms of the compound SELECT Knex writes for SQLite, and well under
 * both databases' bound-parameter limits.
 */
const INSERT_BATCH = 400;

/** Trimmed, without blanks, without repeats of the same label key, in the order given. */
export function distinctNames(values: string[]): string[] {
  const seen = new Set<string>();
  return values
    .map((v) => v.trim())
    .filter((v) => v && !seen.has(labelKey(v)) && seen.add(labelKey(v)));
}

/** The locations and categories of new or rewritten jobs (`jobIds[i]` has `inputs[i]`'s lists). */
async function insertLists(trx: Knex.Transaction, jobIds: number[], inputs: JobInput[]) {
  const lists = [
    { table: 'locations', joinTable: 'job_locations', key: 'location_id', of: 'locations' },
    { table: 'categories', joinTable: 'job_categories', key: 'category_id', of: 'categories' },
  ] as const;
  for (const { table, joinTable, key, of } of lists) {
    const perJob = inputs.map((input) => distinctNames(input[of]));
    const ids = await nameIds(trx, table, perJob.flat());
    const rows = perJob.flatMap((names, index) =>
      names.map((name, position) => ({
        job_id: jobIds[index],
        [key]: ids.get(labelKey(name)),
        position,
      })),
    );
    for (const part of chunks(rows, INSERT_BATCH)) await trx(joinTable).insert(part);
  }
}

/**
 * Ids of location or category names, keyed by their label key (label-key.ts), creating the missing
 * ones. An existing entry with other letter case is reused, so 'remote' and 'Remote' stay one
 * location.
 */
async function nameIds(
  trx: Knex.Transaction,
  table: 'locations' | 'categories',
  names: string[],
): Promise<Map<string, number>> {
  const wanted = distinctNames(names);
  const ids = new Map<string, number>();
  const lookUp = async (keys: string[]) => {
    for (const part of chunks(keys, INSERT_BATCH)) {
      const rows: { id: number; name_key: string }[] = await trx(table)
        .whereIn('name_key', part)
        .select('id', 'name_key');
      for (const row of rows) ids.set(row.name_key, Number(row.id));
    }
  };
  await lookUp(wanted.map(labelKey));
  const missing = wanted.filter((name) => !ids.has(labelKey(name)));
  for (const part of chunks(missing, INSERT_BATCH)) {
    await trx(table)
      .insert(part.map((name) => ({ name, name_key: labelKey(name) })))
      .onConflict('name_key')
      .ignore();
  }
  await lookUp(missing.map(labelKey));
  return ids;
}
