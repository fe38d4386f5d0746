import type { Job } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import type { Db, Dialect } from '../../platform/db/knex';
import { toJob } from '../job-mapper';
import { whereLive } from '../listing-end';
import { loadRows, pluckIds } from './job-rows';

/** Whether a listing is live, when its job was first written (epoch ms), its title and company. */
export interface ListingState {
  live: boolean;
  createdAt: number;
  title: string;
  /** Its company's name (the job's organization). */
  organization: string;
}

/**
 * The listings as the channels (issue 44, social/), the reports and the still-hiring check-ins
 * (issue 45, reports/, check-ins/) read them: which of some jobs are live now (listing-end.ts
 * `whereLive`, the board's own answer), when each was written, and the live ones whole, to post
 * or to ask about. On the writer's connection or the caller's transaction, never a replica: the
 * answer must see the change that asked.
 */
export class LiveListings {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** The state of each of these jobs that exists, by id. */
  async states(
    ids: readonly number[],
    now: Date,
    db: Db = this.db,
  ): Promise<Map<number, ListingState>> {
    const states = new Map<number, ListingState>();
    for (const part of chunks([...ids])) {
      const rows: {
        id: number | string;
        created_at: number | string;
        title: string;
        organization: string;
      }[] = await db('jobs')
        .join('companies', 'companies.id', 'jobs.company_id')
        .whereIn('jobs.id', part)
        .select('jobs.id', 'jobs.created_at', 'jobs.title', 'companies.name as organization');
      const live = new Set(await this.liveAmong(part, now, db));
      for (const row of rows) {
        const id = Number(row.id);
        states.set(id, {
          live: live.has(id),
          createdAt: Number(row.created_at),
          title: row.title,
          organization: row.organization,
        });
      }
    }
    return states;
  }

  /** These jobs, whole as the board shows them, those that are live now only. */
  async liveJobs(ids: readonly number[], now: Date, db: Db = this.db): Promise<Map<number, Job>> {
    const found = new Map<number, Job>();
    for (const part of chunks([...ids])) {
      const live = await this.liveAmong(part, now, db);
      for (const { row, lists } of await loadRows(db, this.dialect, live)) {
        found.set(Number(row.id), toJob(row, lists, now));
      }
    }
    return found;
  }

  /** The newest live listing (the channels' preview), or undefined while none is live. */
  async newest(now: Date, db: Db = this.db): Promise<Job | undefined> {
    const query = db('jobs').select('jobs.id');
    whereLive(query, now);
    const [id] = await pluckIds(
      query.orderBy('jobs.created_at', 'desc').orderBy('jobs.id', 'desc').limit(1),
    );
    if (id === undefined) return undefined;
    return (await this.liveJobs([id], now, db)).get(id);
  }

  /**
   * The live listings an employer submitted (source 'submission'), written at or before `before`,
   * those after `afterId` by id, at most `limit`: the still-hiring check-ins' candidates (issue 45,
   * check-ins/), with when each was written (when it went live).
   */
  async liveSubmittedBefore(
    before: Date,
    page: { afterId: number; limit: number },
    now: Date,
    db: Db = this.db,
  ): Promise<{ id: number; createdAt: number }[]> {
    const query = db('jobs')
      .select('jobs.id', 'jobs.created_at')
      .where('jobs.source', 'submission')
      .andWhere('jobs.created_at', '<=', before.getTime())
      .andWhere('jobs.id', '>', page.afterId);
    whereLive(query, now);
    const rows: { id: number | string; created_at: number | string }[] = await query
      .orderBy('jobs.id')
      .limit(page.limit);
    return rows.map((row) => ({ id: Number(row.id), createdAt: Number(row.created_at) }));
  }

  /**
   * The live listings that take applications by a web link (the public answer's 'link':
   * job-mapper.ts applyOfRow), as a query of `job_id` and `url` that the link checker
   * (link-checks/) reads beside its own table of checks.
   */
  linkApplyListings(now: Date, db: Db = this.db): Knex.QueryBuilder {
    const query = db('jobs')
      .select('jobs.id as job_id', 'jobs.application_url as url')
      .where((method) => method.whereNull('jobs.apply_method').orWhere('jobs.apply_method', 'link'))
      .andWhere((link) =>
        link
          .whereRaw(`lower(jobs.application_url) LIKE 'http://%'`)
          .orWhereRaw(`lower(jobs.application_url) LIKE 'https://%'`),
      );
    return whereLive(query, now);
  }

  private async liveAmong(ids: number[], now: Date, db: Db): Promise<number[]> {
    if (!ids.length) return [];
    const query = db('jobs').whereIn('jobs.id', ids).select('jobs.id');
    whereLive(query, now);
    return pluckIds(query);
  }
}
