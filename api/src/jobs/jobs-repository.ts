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
  SYNC_SOURCE_NAMES,
  isJobField,
  type FieldChange,
  type JobField,
} from '@jobboard/contract';
import type { Knex } from 'knex';
import { addDays, isoDate } from './dates';
import { labelKey } from './label-key';
import { JOB_ROW_COLUMNS, toJob, type JobLists, type JobRow } from './job-mapper';
import {
  changedFieldsOf,
  cleanSentences,
  companyChangesKept,
  distinctNames,
  figuresOf,
  planPatch,
  type JobPatch,
  type StoredJob,
} from './job-patch';
import type { Dialect } from '../db/knex';
import { JobChanges } from './job-changes';
import type { SearchIndex } from './search-index';
import { chunks } from './search-index/search-index';
import { publicScope } from './search/criteria';
import { JobSearch, type SearchPage } from './search/job-search';
import { NotFound } from '../domain-errors';
import { adminJobsScope, orderAdminJobs } from './admin-view';
import {
  Companies,
  claimOf,
  companiesNamed,
  companyIds,
  writerOf,
  type CompanyWriter,
} from './companies';
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
  /** The fields an admin changed here: the sync leaves them as the admin set them. */
  adminFields: JobField[];
}

export type { JobPatch } from './job-patch';

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
   * The public jobs in groups of `size` consecutive ids (group g holds the ids g*size+1 to
   * (g+1)*size): how many each group has and when its newest change was. The sitemap index: one
   * file per group that has any, so a job stays in the same file for as long as it is listed.
   * One pass over two columns, kept in the public cache.
   */
  async publicIdGroups(
    now: Date,
    size: number,
  ): Promise<{ group: number; count: number; updatedAt: number }[]> {
    const query = this.readDb('jobs').select(
      this.readDb.raw('(jobs.id - 1) / ? as id_group', [size]),
      this.readDb.raw('count(*) as job_count'),
      this.readDb.raw('max(jobs.updated_at) as updated_at'),
    );
    publicScope(query, now);
    const rows: {
      id_group: number | string;
      job_count: number | string;
      updated_at: number | string;
    }[] = await query.groupBy('id_group').orderBy('id_group');
    return rows.map((r) => ({
      group: Number(r.id_group),
      count: Number(r.job_count),
      updatedAt: Number(r.updated_at),
    }));
  }

  /**
   * Every public job's id and when it last changed, by id, with ids from `fromId` to `toId`
   * (both included): the sitemap, or one file of it.
   */
  async publicUpdates(
    now: Date,
    fromId: number,
    toId: number,
  ): Promise<{ id: number; updatedAt: number }[]> {
    const query = this.readDb('jobs')
      .select('jobs.id', 'jobs.updated_at')
      .whereBetween('jobs.id', [fromId, toId]);
    publicScope(query, now);
    const rows: { id: number; updated_at: number | string }[] = await query.orderBy('jobs.id');
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
      const companies = await companyIds(trx, inputs.map(claimOf), now);
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
      await replaceLists(
        trx,
        inputs.map((input, index) => ({
          jobId: ids[index]!,
          locations: input.locations,
          categories: input.categories,
        })),
      );
      await this.searchIndex.reindex(trx, ids);
      await this.changes.record(trx);
      return ids;
    });
  }

  /**
   * Change a job by a patch: the fields given are written (only those whose value differs), every
   * other stays as stored. Returns what changed (empty: nothing did), or null when there is no
   * such job.
   */
  async update(
    id: number,
    patch: JobPatch,
    now: Date,
    db: Db = this.db,
  ): Promise<FieldChange[] | null> {
    return (await this.updateMany([{ id, patch }], now, db)).get(id) ?? null;
  }

  /**
   * Patch many jobs in one transaction (a sync rewriting its changed records): each job's stored
   * values are read first (locked on PostgreSQL), each patch writes only what differs, and
   * companies, lists and the search index are written in batches. Returns each existing job's
   * changes (jobs that do not exist are left out).
   */
  async updateMany(
    patches: { id: number; patch: JobPatch }[],
    now: Date,
    db: Db = this.db,
  ): Promise<Map<number, FieldChange[]>> {
    const result = new Map<number, FieldChange[]>();
    if (!patches.length) return result;
    return db.transaction(async (trx) => {
      const ids = patches.map((p) => p.id);
      if (this.dialect === 'postgres') {
        for (const part of chunks(ids)) {
          await trx('jobs').whereIn('id', part).select('id').forUpdate();
        }
      }
      const stored = new Map(
        (await this.loadRows(ids, trx)).map(({ row, lists }) => [
          Number(row.id),
          { row, locations: lists.locations, categories: lists.categories },
        ]),
      );
      const named = patches.flatMap(({ patch }) => patch.organization?.trim() || []);
      const before = await companiesNamed(trx, [...new Set(named)]);
      const plans = patches.flatMap(({ id, patch }) => {
        const job = stored.get(id);
        return job ? [{ id, job, patch, plan: planPatch(job, patch, before) }] : [];
      });
      const asked = plans.filter(
        ({ plan }) => plan.changes.length || Object.keys(plan.columns).length,
      );
      // The company details go to companies.ts, which decides what they change (a sync does not
      // replace what an admin set): a detail the company did not take is no change of the job.
      const companies = await companyIds(
        trx,
        asked.map(({ job, patch, plan }) => ({
          ...plan.company,
          writer: patch.companyBy ?? writerOf({ source: job.row.source as JobSource }),
        })),
        now,
      );
      const after = await companiesNamed(trx, [
        ...new Set(asked.map(({ plan }) => plan.company.name)),
      ]);
      for (const { plan } of asked) {
        plan.changes = companyChangesKept(plan.changes, after.get(plan.company.name));
      }
      for (const { id, plan } of plans) result.set(id, plan.changes);

      const writing = asked.flatMap(({ id, job, plan }) => {
        const companyId = companies.get(plan.company.name)!;
        const row = {
          ...plan.columns,
          ...(companyId !== Number(job.row.company_id) ? { company_id: companyId } : {}),
          // A new fingerprint alone is no change the public sees (the sitemap's last change).
          ...(plan.changes.length ? { updated_at: now.getTime() } : {}),
        };
        return Object.keys(row).length ? [{ id, plan, row }] : [];
      });
      if (!writing.length) return result;
      for (const { id, row } of writing) await trx('jobs').where({ id }).update(row);
      const lists = writing.map(({ id, plan }) => ({
        jobId: id,
        locations: plan.locations,
        categories: plan.categories,
      }));
      await replaceLists(trx, lists);
      const changed = writing.filter(({ plan }) => plan.changes.length).map(({ id }) => id);
      await this.searchIndex.reindex(trx, changed);
      if (changed.length) await this.changes.record(trx);
      return result;
    });
  }

  /**
   * Delete a job with its lists. A synced job is remembered as deleted by its source and
   * external id (`by` names who deleted it), so a sync does not create it again.
   */
  async delete(id: number, db: Db = this.db, by?: AuditActor, now = new Date()): Promise<boolean> {
    return db.transaction(async (trx) => {
      await rememberDeletedSynced(trx, [id], by, now);
      await this.searchIndex.remove(trx, [id]);
      const deleted = (await trx('jobs').where({ id }).delete()) > 0;
      if (deleted) await this.changes.record(trx);
      return deleted;
    });
  }

  /** Every job `source` made (active or not), for a sync to compare with what the source holds. */
  async syncedJobs(source: SyncSource, db: Db = this.db): Promise<SyncedJob[]> {
    const rows: {
      id: number;
      external_id: string;
      sync_hash: string | null;
      active: unknown;
      admin_fields: string | null;
    }[] = await db('jobs')
      .where({ source })
      .whereNotNull('external_id')
      .select('id', 'external_id', 'sync_hash', 'active', 'admin_fields');
    return rows.map((row) => ({
      id: Number(row.id),
      externalId: row.external_id,
      syncHash: row.sync_hash,
      active: Boolean(row.active),
      adminFields: parseAdminFields(row.admin_fields),
    }));
  }

  /**
   * The values of these jobs as stored, for a sync to compare with its records where an admin
   * owns fields (the conflicts it reports).
   */
  async storedJobs(ids: number[], db: Db = this.db): Promise<Map<number, StoredJob>> {
    return new Map(
      (await this.loadRows(ids, db)).map(({ row, lists }) => [
        Number(row.id),
        { row, locations: lists.locations, categories: lists.categories },
      ]),
    );
  }

  /**
   * Switch these jobs off (a synced job whose record left its source): kept, with their URLs,
   * so a record that comes back is the same job again. Returns the ids switched off.
   */
  async deactivate(ids: number[], now: Date, db: Db = this.db): Promise<number[]> {
    if (!ids.length) return [];
    return db.transaction(async (trx) => {
      const changed: number[] = [];
      for (const part of chunks(ids, INSERT_BATCH)) {
        const live = await pluckIds(
          trx('jobs').whereIn('id', part).where({ active: true }).select('id'),
        );
        if (!live.length) continue;
        await trx('jobs').whereIn('id', live).update({ active: false, updated_at: now.getTime() });
        changed.push(...live);
      }
      if (changed.length) await this.changes.record(trx);
      return changed;
    });
  }

  // ---- what an admin decided about synced jobs -------------------------------------------------

  /**
   * The fields of these jobs an admin changed (`changes` by job id) become the admin's: a sync
   * leaves them as the admin set them. Only jobs from a sync source have a source to outrank.
   */
  async claimFields(changed: Map<number, readonly string[]>, db: Db = this.db): Promise<void> {
    const ids = [...changed.keys()].filter((id) => changed.get(id)!.length);
    for (const part of chunks(ids)) {
      const rows: { id: number; admin_fields: string | null }[] = await db('jobs')
        .whereIn('id', part)
        .whereIn('source', SYNC_SOURCES)
        .whereNotNull('external_id')
        .select('id', 'admin_fields');
      for (const row of rows) {
        const owned = parseAdminFields(row.admin_fields);
        const fields = [...new Set([...owned, ...changed.get(Number(row.id))!])].filter(isJobField);
        if (fields.length === owned.length) continue;
        await db('jobs')
          .where({ id: row.id })
          .update({ admin_fields: JSON.stringify(fields) });
      }
    }
  }

  /**
   * A synced job goes back to its source: the admin's fields are no longer the admin's, and its
   * fingerprint is dropped so the next sync writes the source's values. The fields that were the
   * admin's, or null when the job did not come from a sync source (or does not exist).
   */
  async returnToSource(id: number, db: Db = this.db): Promise<string[] | null> {
    const row: { admin_fields: string | null } | undefined = await db('jobs')
      .where({ id })
      .whereIn('source', SYNC_SOURCES)
      .whereNotNull('external_id')
      .first('admin_fields');
    if (!row) return null;
    await db('jobs').where({ id }).update({ admin_fields: null, sync_hash: null });
    return parseAdminFields(row.admin_fields);
  }

  /** The fields an admin owns of each of these jobs that has any (the sync panel's conflicts). */
  async adminFieldsOf(ids: number[], db: Db = this.db): Promise<Map<number, string[]>> {
    const owned = new Map<number, string[]>();
    for (const part of chunks(ids)) {
      const rows: { id: number; admin_fields: string | null }[] = await db('jobs')
        .whereIn('id', part)
        .whereNotNull('admin_fields')
        .select('id', 'admin_fields');
      for (const row of rows) {
        const fields = parseAdminFields(row.admin_fields);
        if (fields.length) owned.set(Number(row.id), fields);
      }
    }
    return owned;
  }

  /** The synced jobs of `source` an admin deleted, by external id (a sync does not create them). */
  async deletedSynced(
    source: SyncSource,
    db: Db = this.db,
  ): Promise<Map<string, { id: number; title: string }>> {
    const rows: { id: number; external_id: string; title: string }[] = await db(
      'deleted_synced_jobs',
    )
      .where({ source })
      .select('id', 'external_id', 'title');
    return new Map(rows.map((r) => [r.external_id, { id: Number(r.id), title: r.title }]));
  }

  /** Which of these remembered deletions are still remembered (not restored). */
  async deletionsKept(ids: number[], db: Db = this.db): Promise<Set<number>> {
    const kept = new Set<number>();
    for (const part of chunks(ids)) {
      const rows = await pluckIds(db('deleted_synced_jobs').whereIn('id', part).select('id'));
      for (const id of rows) kept.add(id);
    }
    return kept;
  }

  /** Forget a deleted synced job as deleted: the next sync creates it again. */
  async restoreDeleted(id: number, db: Db = this.db): Promise<boolean> {
    return (await db('deleted_synced_jobs').where({ id }).delete()) > 0;
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

  /**
   * Switch a job on or off and set when it stops being public (extend / republish): a patch of
   * those fields alone. Returns what changed, or null when there is no such job.
   */
  async setLifecycle(
    id: number,
    change: { active: boolean; expiresAt: Date | null; postedDate?: string },
    now: Date,
    db: Db = this.db,
  ): Promise<FieldChange[] | null> {
    const { postedDate, ...rest } = change;
    return this.update(id, { ...rest, ...(postedDate ? { postedDate } : {}) }, now, db);
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
            action: active ? ('activated' as const) : ('deactivated' as const),
            changes: [{ field: 'active', from: !active, to: active }],
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
            changes: [
              {
                field: 'expiresAt',
                from: end === null ? null : new Date(end).toISOString(),
                to: expiresAt.toISOString(),
              },
              ...(row.active ? [] : [{ field: 'active', from: false, to: true }]),
            ],
          });
        }
      } else {
        await rememberDeletedSynced(trx, ids, by, now);
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
      if (action !== 'delete') {
        await this.claimFields(
          new Map(audit.map((a) => [a.jobId, changedFieldsOf(a.changes ?? [])])),
          trx,
        );
      }
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
      adminFields: parseAdminFields(row.admin_fields),
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
    input.salaryMin == null && input.salaryMax == null
      ? figuresOf(input.salaryText?.trim() || null)
      : null;
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
    responsibilities: JSON.stringify(cleanSentences(input.responsibilities ?? [])),
    requirements: JSON.stringify(cleanSentences(input.requirements ?? [])),
    benefits: JSON.stringify(cleanSentences(input.benefits ?? [])),
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

/** The sources a sync writes from: their jobs have a source to outrank, or to be deleted from. */
const SYNC_SOURCES = Object.keys(SYNC_SOURCE_NAMES) as SyncSource[];

/** The fields an admin owns of a synced job, as stored (a JSON list; null: none). */
function parseAdminFields(json: string | null | undefined): JobField[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(isJobField) : [];
  } catch {
    return [];
  }
}

/**
 * Remember the synced jobs among these as deleted, by their source and external id, so a sync
 * does not create them again until an admin restores them.
 */
async function rememberDeletedSynced(
  trx: Knex.Transaction,
  ids: number[],
  by: AuditActor | undefined,
  now: Date,
): Promise<void> {
  for (const part of chunks(ids)) {
    const rows: { id: number; source: string; external_id: string; title: string }[] = await trx(
      'jobs',
    )
      .whereIn('id', part)
      .whereIn('source', SYNC_SOURCES)
      .whereNotNull('external_id')
      .select('id', 'source', 'external_id', 'title');
    if (!rows.length) continue;
    await trx('deleted_synced_jobs')
      .insert(
        rows.map((row) => ({
          source: row.source,
          external_id: row.external_id,
          job_id: row.id,
          title: row.title,
          actor: (by?.actor ?? 'system').slice(0, 120),
          deleted_at: now.getTime(),
        })),
      )
      .onConflict(['source', 'external_id'])
      .ignore();
  }
}

/** A job's new locations and categories (either absent: that list stays as it is). */
interface NewLists {
  jobId: number;
  locations?: string[];
  categories?: string[];
}

/** Write the locations and categories of new or changed jobs (a list not given is not touched). */
async function replaceLists(trx: Knex.Transaction, jobs: NewLists[]) {
  const lists = [
    { table: 'locations', joinTable: 'job_locations', key: 'location_id', of: 'locations' },
    { table: 'categories', joinTable: 'job_categories', key: 'category_id', of: 'categories' },
  ] as const;
  for (const { table, joinTable, key, of } of lists) {
    const given = jobs.flatMap((job) => {
      const names = job[of];
      return names ? [{ jobId: job.jobId, names: distinctNames(names) }] : [];
    });
    if (!given.length) continue;
    for (const part of chunks(
      given.map((g) => g.jobId),
      INSERT_BATCH,
    )) {
      await trx(joinTable).whereIn('job_id', part).delete();
    }
    const ids = await nameIds(
      trx,
      table,
      given.flatMap((g) => g.names),
    );
    const rows = given.flatMap(({ jobId, names }) =>
      names.map((name, position) => ({
        job_id: jobId,
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
