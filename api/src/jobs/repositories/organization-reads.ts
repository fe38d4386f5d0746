import { type Organization } from '@jobboard/contract/jobs';
import { logoPath } from '@jobboard/contract/site';
import type { Knex } from 'knex';
import { whereLive } from '../listing-end';
import { survivorOf } from './company-survivors';
import { pluckIds } from './job-rows';

/** A company with live jobs, as the sitemap names its page: its slug and its newest job change. */
export interface SitemapOrganization {
  id: number;
  slug: string;
  updatedAt: number;
}

/**
 * The public's reads of organisations (issue 47): a company's page by its slug and its live jobs
 * (listing-end.ts `whereLive`, the board's own answer), a job's similar jobs, and the companies
 * the sitemap lists. On the read connections, like every public read (PublicJobsRepository).
 */
export class OrganizationReads {
  constructor(private readonly readDb: Knex) {}

  /**
   * The company whose page has this slug, with its id; undefined when none has it. A company merged
   * into another (issue 47) answers only `movedTo`: the slug of the page its visitors now go to
   * (its survivor's, at the end of its chain of merges).
   */
  async bySlug(
    slug: string,
  ): Promise<{ id: number; organization: Organization } | { movedTo: string } | undefined> {
    const row: Record<string, unknown> | undefined = await this.readDb('companies')
      .where({ slug })
      .first('id', 'name', 'slug', 'description', 'website_url', 'logo_hash', 'merged_into_id');
    if (!row) return undefined;
    if (row.merged_into_id != null) {
      const survivor = await survivorOf(this.readDb, Number(row.id));
      const moved = survivor === undefined ? undefined : await this.slugOf(survivor);
      if (moved && moved !== slug) return { movedTo: moved };
    }
    return {
      id: Number(row.id),
      organization: {
        name: String(row.name),
        slug: String(row.slug),
        ...(row.logo_hash ? { logo: logoPath(String(row.logo_hash)) } : {}),
        description: String(row.description ?? ''),
        websiteUrl: String(row.website_url ?? ''),
      },
    };
  }

  private async slugOf(id: number): Promise<string | undefined> {
    const row: { slug: string | null } | undefined = await this.readDb('companies')
      .where({ id })
      .first('slug');
    return row?.slug ?? undefined;
  }

  /**
   * One page of a company's live jobs, newest first (ids, in order), and how many it has live.
   * The index on (company_id, archived, active, posted_date, id) (migration 20261201010100) reads
   * only this company's jobs, in this order.
   */
  async liveJobIds(
    companyId: number,
    now: Date,
    page: number,
    pageSize: number,
  ): Promise<{ ids: number[]; total: number }> {
    const live = () => whereLive(this.readDb('jobs').where('jobs.company_id', companyId), now);
    const [ids, [count]] = await Promise.all([
      pluckIds(
        live()
          .select('jobs.id')
          .orderBy('jobs.posted_date', 'desc')
          .orderBy('jobs.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      ),
      live().count({ n: '*' }),
    ]);
    return { ids, total: Number(count?.n ?? 0) };
  }

  /**
   * Up to `count` live jobs like job `jobId`, never itself, newest (highest id) first: those that
   * share a category with it, then, if fewer, those that share a location. Each label is read on
   * its own from its index by (label, job) (migration 20261201010100) from the newest job back,
   * stopping at `count` live ones, so a common category costs a few rows, not its 25,000 jobs.
   */
  async similarIds(jobId: number, now: Date, count: number): Promise<number[]> {
    const found: number[] = [];
    for (const [table, key] of [
      ['job_categories', 'category_id'],
      ['job_locations', 'location_id'],
    ] as const) {
      if (found.length >= count) break;
      const labels = await this.readDb(table).where('job_id', jobId).pluck(key);
      const candidates = new Set<number>();
      for (const label of labels) {
        const query = this.readDb(table)
          .join('jobs', 'jobs.id', `${table}.job_id`)
          .where(`${table}.${key}`, label)
          .andWhere(`${table}.job_id`, '<>', jobId)
          .select(`${table}.job_id as id`)
          .orderBy(`${table}.job_id`, 'desc')
          .limit(count);
        whereLive(query, now);
        for (const id of await pluckIds(query)) if (!found.includes(id)) candidates.add(id);
      }
      // The newest of every label's first few: as one walk over all of them would find them.
      found.push(...[...candidates].sort((a, b) => b - a).slice(0, count - found.length));
    }
    return found;
  }

  /**
   * The companies with live jobs in groups of `size` consecutive ids (group g holds the ids
   * g*size+1 to (g+1)*size): how many each group has and its newest job change. The sitemap's
   * layout, as PublicJobsRepository.publicIdGroups for the jobs: one pass over the live jobs.
   */
  async liveCompanyGroups(
    now: Date,
    size: number,
  ): Promise<{ group: number; count: number; updatedAt: number }[]> {
    const query = this.readDb('jobs').select(
      this.readDb.raw('(jobs.company_id - 1) / ? as id_group', [size]),
      this.readDb.raw('count(distinct jobs.company_id) as company_count'),
      this.readDb.raw('max(jobs.updated_at) as updated_at'),
    );
    whereLive(query, now);
    const rows: {
      id_group: number | string;
      company_count: number | string;
      updated_at: number | string;
    }[] = await query.groupBy('id_group').orderBy('id_group');
    return rows.map((r) => ({
      group: Number(r.id_group),
      count: Number(r.company_count),
      updatedAt: Number(r.updated_at),
    }));
  }

  /** The companies with live jobs and ids from `fromId` to `toId`, by id: one sitemap file's. */
  async liveCompanies(now: Date, fromId: number, toId: number): Promise<SitemapOrganization[]> {
    const query = this.readDb('jobs')
      .join('companies', 'companies.id', 'jobs.company_id')
      .whereBetween('jobs.company_id', [fromId, toId])
      .whereNotNull('companies.slug')
      // A merged company's page redirects to its survivor's (issue 47): never listed.
      .whereNull('companies.merged_into_id')
      .select('companies.id', 'companies.slug')
      .max({ updated_at: 'jobs.updated_at' });
    whereLive(query, now);
    const rows: { id: number | string; slug: string; updated_at: number | string }[] = await (
      query as Knex.QueryBuilder
    )
      .groupBy('companies.id', 'companies.slug')
      .orderBy('companies.id');
    return rows.map((r) => ({ id: Number(r.id), slug: r.slug, updatedAt: Number(r.updated_at) }));
  }
}
