import {
  ANY_LOCATION,
  RECENT_DAYS,
  SALARY_RANGES,
  normaliseDeadline,
  type AdminJob,
  type Job,
  type SearchRequest,
  type SearchResponse,
} from '@jobboard/contract';
import type { Knex } from 'knex';
import { addDays, isoDate } from './dates';
import { JOB_ROW_COLUMNS, toJob, type JobLists, type JobRow } from './job-mapper';
import { salaryRangeOf, salaryText } from './salary';
import { searchTerms, type SearchIndex } from './search-index';
import { chunks, type RankOrder } from './search-index/search-index';

export type JobSource = 'admin' | 'submission' | 'sync' | 'demo';

/** Everything needed to write a job; the company is found or created by name. */
export interface JobInput {
  title: string;
  organization: string;
  companyDescription?: string;
  websiteUrl?: string;
  logoUrl?: string | null;
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
  locations: string[];
  categories: string[];
}

type Db = Knex | Knex.Transaction;

/**
 * All reads and writes of jobs. Public reads only ever see active, unexpired jobs (`publicScope`);
 * every write keeps the full-text index in step inside the same transaction.
 */
export class JobsRepository {
  constructor(
    private readonly db: Knex,
    private readonly searchIndex: SearchIndex,
  ) {}

  // ---- public reads -------------------------------------------------------------------------

  /** Every public job, newest first (featured first), for `GET /api/jobs`. */
  async listPublic(now: Date): Promise<Job[]> {
    const query = this.publicScope(this.db('jobs'), now).select('jobs.id');
    sortBy(query, 'recent');
    return this.loadInOrder(await pluckIds(query), now);
  }

  /** Public jobs posted in the last `days` days, newest first. */
  async listRecent(now: Date, days = RECENT_DAYS): Promise<Job[]> {
    const query = this.publicScope(this.db('jobs'), now)
      .where('jobs.posted_date', '>=', isoDate(addDays(now, -days)))
      .select('jobs.id')
      .orderBy('jobs.posted_date', 'desc')
      .orderBy('jobs.id', 'desc');
    return this.loadInOrder(await pluckIds(query), now);
  }

  /**
   * A job whose page may be shown: active, expired or not (an expired job keeps its URL and says it
   * no longer takes applications).
   */
  async findVisible(id: number, now: Date): Promise<Job | undefined> {
    const query = this.db('jobs')
      .where('jobs.id', id)
      .andWhere('jobs.active', true)
      .select('jobs.id');
    const [job] = await this.loadInOrder(await pluckIds(query), now);
    return job;
  }

  /** One page of the public jobs matching a filter object, and how many match in all. */
  async search(request: SearchRequest, now: Date): Promise<SearchResponse> {
    const query = this.publicScope(this.db('jobs'), now);
    applyFilters(query, request);
    const terms = searchTerms(request.query);
    const rank = terms.length ? this.searchIndex.match(query, terms) : undefined;

    const [counted] = await query.clone().count({ total: '*' });
    const total = Number(counted?.total ?? 0);

    const pageQuery = query
      .clone()
      .select('jobs.id')
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize);
    sortBy(pageQuery, request.sortOption, rank);
    const jobs = await this.loadInOrder(await pluckIds(pageQuery), now);
    return { jobs, total, page: request.page, pageSize: request.pageSize };
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
    const [row] = await this.db('jobs').count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  // ---- writes ---------------------------------------------------------------------------------

  async create(input: JobInput, now: Date, db: Db = this.db): Promise<number> {
    return db.transaction(async (trx) => {
      const companyId = await upsertCompany(trx, input, now);
      const [inserted] = await trx('jobs')
        .insert({ ...jobColumns(input, now), company_id: companyId, created_at: now.getTime() })
        .returning('id');
      const id = typeof inserted === 'object' ? Number(inserted.id) : Number(inserted);
      await replaceLists(trx, id, input);
      await this.searchIndex.reindex(trx, [id]);
      return id;
    });
  }

  /** Replace a job's fields; false when there is no such job. */
  async update(id: number, input: JobInput, now: Date, db: Db = this.db): Promise<boolean> {
    return db.transaction(async (trx) => {
      const companyId = await upsertCompany(trx, input, now);
      const changed = await trx('jobs')
        .where({ id })
        .update({ ...jobColumns(input, now), company_id: companyId });
      if (!changed) return false;
      await replaceLists(trx, id, input);
      await this.searchIndex.reindex(trx, [id]);
      return true;
    });
  }

  async delete(id: number, db: Db = this.db): Promise<boolean> {
    return db.transaction(async (trx) => {
      await this.searchIndex.remove(trx, [id]);
      return (await trx('jobs').where({ id }).delete()) > 0;
    });
  }

  // ---- helpers --------------------------------------------------------------------------------

  private publicScope(query: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
    return query
      .where('jobs.active', true)
      .andWhere((q) =>
        q.whereNull('jobs.expires_at').orWhere('jobs.expires_at', '>', now.getTime()),
      );
  }

  private async publicNames(
    table: 'locations' | 'categories',
    joinTable: 'job_locations' | 'job_categories',
    key: 'location_id' | 'category_id',
    now: Date,
  ): Promise<string[]> {
    const visibleJobs = this.publicScope(this.db('jobs'), now).select('jobs.id');
    const rows: { name: string }[] = await this.db(table)
      .whereIn(`${table}.id`, this.db(joinTable).select(key).whereIn('job_id', visibleJobs))
      .select('name');
    // Sorted here, not in SQL: SQLite and PostgreSQL collate text differently.
    return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b, 'en'));
  }

  /** The jobs with these ids, whole, in the order of the ids. */
  private async loadInOrder(ids: number[], now: Date): Promise<Job[]> {
    return (await this.loadRows(ids)).map(({ row, lists }) => toJob(row, lists, now));
  }

  /** Rows and lists of these jobs, in the order of the ids (unknown ids are skipped). */
  private async loadRows(ids: number[]): Promise<{ row: JobRow; lists: JobLists }[]> {
    if (!ids.length) return [];
    const rows: JobRow[] = [];
    const lists = new Map<number, JobLists>(
      ids.map((id) => [id, { locations: [], categories: [] }]),
    );
    for (const part of chunks(ids)) {
      rows.push(
        ...(await this.db('jobs')
          .join('companies', 'companies.id', 'jobs.company_id')
          .whereIn('jobs.id', part)
          .select(JOB_ROW_COLUMNS)),
      );
      const locations = await this.db('job_locations')
        .join('locations', 'locations.id', 'job_locations.location_id')
        .whereIn('job_locations.job_id', part)
        .orderBy(['job_locations.job_id', 'job_locations.position'])
        .select('job_locations.job_id', 'locations.name');
      for (const { job_id, name } of locations) lists.get(Number(job_id))?.locations.push(name);
      const categories = await this.db('job_categories')
        .join('categories', 'categories.id', 'job_categories.category_id')
        .whereIn('job_categories.job_id', part)
        .orderBy(['job_categories.job_id', 'job_categories.position'])
        .select('job_categories.job_id', 'categories.name');
      for (const { job_id, name } of categories) lists.get(Number(job_id))?.categories.push(name);
    }
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ row, lists: lists.get(id)! }] : [];
    });
  }

  // ---- admin reads ----------------------------------------------------------------------------

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
    const [loaded] = await this.loadRows([id]);
    return loaded?.row;
  }

  /** Switch a job on or off and set when it stops being public (extend / republish). */
  async setLifecycle(
    id: number,
    change: { active: boolean; expiresAt: Date | null; postedDate?: string },
    now: Date,
  ): Promise<boolean> {
    const updated = await this.db('jobs')
      .where({ id })
      .update({
        active: change.active,
        expires_at: change.expiresAt ? change.expiresAt.getTime() : null,
        ...(change.postedDate ? { posted_date: change.postedDate } : {}),
        updated_at: now.getTime(),
      });
    return updated > 0;
  }

  private async asAdminJobs(ids: number[], now: Date): Promise<AdminJob[]> {
    const loaded = await this.loadRows(ids);
    const submissions = new Map<number, number>();
    for (const part of chunks(ids)) {
      const rows: { id: number; job_id: number }[] = await this.db('submissions')
        .whereIn('job_id', part)
        .select('id', 'job_id');
      for (const { id, job_id } of rows) submissions.set(Number(job_id), Number(id));
    }
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

async function pluckIds(query: Knex.QueryBuilder): Promise<number[]> {
  const rows: { id: number }[] = await query;
  return rows.map((r) => Number(r.id));
}

/**
 * The sorting rules of SPEC.md 4: recent and relevance put featured jobs first; relevance then ranks
 * by text match; the salary sorts use the largest / smallest figure and put jobs without one last.
 * Ties fall back to newest first, then the newest row, so paging is stable.
 */
function sortBy(
  query: Knex.QueryBuilder,
  sort: SearchRequest['sortOption'],
  rank?: RankOrder,
): void {
  switch (sort) {
    case 'relevance':
      query.orderBy('jobs.featured', 'desc');
      if (rank) query.orderByRaw(rank.sql, rank.bindings);
      break;
    case 'salary-high':
      query
        .orderByRaw(
          'CASE WHEN COALESCE(jobs.salary_max, jobs.salary_min) IS NULL THEN 1 ELSE 0 END',
        )
        .orderByRaw('COALESCE(jobs.salary_max, jobs.salary_min) DESC');
      break;
    case 'salary-low':
      query
        .orderByRaw(
          'CASE WHEN COALESCE(jobs.salary_min, jobs.salary_max) IS NULL THEN 1 ELSE 0 END',
        )
        .orderByRaw('COALESCE(jobs.salary_min, jobs.salary_max) ASC');
      break;
    case 'recent':
      query.orderBy('jobs.featured', 'desc');
      break;
  }
  query.orderBy('jobs.posted_date', 'desc').orderBy('jobs.id', 'desc');
}

const JOB_TYPE_FLAGS = {
  fullTime: 'full-time',
  partTime: 'part-time',
  contract: 'contract',
} as const;

/** Every part of the filter object; parts left at their default do not narrow anything. */
function applyFilters(query: Knex.QueryBuilder, filter: SearchRequest): void {
  const types = Object.entries(JOB_TYPE_FLAGS)
    .filter(([flag]) => filter.jobType[flag as keyof typeof JOB_TYPE_FLAGS])
    .map(([, type]) => type);
  if (types.length)
    query.whereRaw(`lower(jobs.job_type) IN (${types.map(() => '?').join(',')})`, types);
  if (filter.jobType.remote) {
    query.where((q) => q.where('jobs.remote', true).orWhereRaw(`lower(jobs.job_type) = 'remote'`));
  }

  const levels = Object.entries(filter.experience)
    .filter(([, on]) => on)
    .map(([level]) => level);
  if (levels.length) query.whereIn('jobs.experience_level', levels);

  const range = SALARY_RANGES.find((r) => r.value === filter.salaryRange);
  if (range?.min != null)
    query.whereRaw('COALESCE(jobs.salary_max, jobs.salary_min) >= ?', [range.min]);
  if (range?.max != null)
    query.whereRaw('COALESCE(jobs.salary_min, jobs.salary_max) < ?', [range.max]);

  if (filter.location !== ANY_LOCATION) {
    query.whereExists((q) =>
      q
        .select('job_id')
        .from('job_locations')
        .join('locations', 'locations.id', 'job_locations.location_id')
        .whereRaw('job_locations.job_id = jobs.id')
        .whereRaw('lower(locations.name) = ?', [filter.location.trim().toLowerCase()]),
    );
  }
  if (filter.category.length) {
    const names = filter.category.map((c) => c.trim().toLowerCase());
    query.whereExists((q) =>
      q
        .select('job_id')
        .from('job_categories')
        .join('categories', 'categories.id', 'job_categories.category_id')
        .whereRaw('job_categories.job_id = jobs.id')
        .whereRaw(`lower(categories.name) IN (${names.map(() => '?').join(',')})`, names),
    );
  }
}

function jobColumns(input: JobInput, now: Date) {
  const parsed =
    input.salaryMin == null && input.salaryMax == null ? salaryRangeOf(input.salaryText) : null;
  const salaryMin = parsed ? parsed.min : input.salaryMin;
  const salaryMax = parsed ? parsed.max : input.salaryMax;
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    job_type: input.jobType,
    remote: input.remote,
    experience_level: input.experienceLevel,
    salary_text: input.salaryText?.trim() || salaryText(salaryMin, salaryMax) || null,
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
    updated_at: now.getTime(),
  };
}

async function upsertCompany(trx: Knex.Transaction, input: JobInput, now: Date): Promise<number> {
  const name = input.organization.trim();
  const details = {
    ...(input.companyDescription ? { description: input.companyDescription } : {}),
    ...(input.websiteUrl ? { website_url: input.websiteUrl } : {}),
    ...(input.logoUrl ? { logo_url: input.logoUrl } : {}),
  };
  await trx('companies')
    .insert({ name, ...details, created_at: now.getTime(), updated_at: now.getTime() })
    .onConflict('name')
    .ignore();
  if (Object.keys(details).length) {
    await trx('companies')
      .where({ name })
      .update({ ...details, updated_at: now.getTime() });
  }
  const row = await trx('companies').where({ name }).first('id');
  return Number(row.id);
}

/** Trimmed, without blanks, without case-insensitive repeats, in the order given. */
export function distinctNames(values: string[]): string[] {
  const seen = new Set<string>();
  return values
    .map((v) => v.trim())
    .filter((v) => v && !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}

async function replaceLists(trx: Knex.Transaction, jobId: number, input: JobInput): Promise<void> {
  await replaceList(trx, jobId, 'locations', 'job_locations', 'location_id', input.locations);
  await replaceList(trx, jobId, 'categories', 'job_categories', 'category_id', input.categories);
}

async function replaceList(
  trx: Knex.Transaction,
  jobId: number,
  table: 'locations' | 'categories',
  joinTable: 'job_locations' | 'job_categories',
  key: 'location_id' | 'category_id',
  values: string[],
): Promise<void> {
  await trx(joinTable).where({ job_id: jobId }).delete();
  const names = distinctNames(values);
  for (const [position, name] of names.entries()) {
    // An existing entry with other letter case is reused, so 'remote' and 'Remote' stay one location.
    let row = await trx(table).whereRaw('lower(name) = ?', [name.toLowerCase()]).first('id');
    if (!row) {
      await trx(table).insert({ name }).onConflict('name').ignore();
      row = await trx(table).where({ name }).first('id');
    }
    await trx(joinTable).insert({ job_id: jobId, [key]: Number(row.id), position });
  }
}
