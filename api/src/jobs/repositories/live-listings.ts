import type { Job } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import type { Db, Dialect } from '../../platform/db/knex';
import { toJob } from '../job-mapper';
import { whereLive } from '../listing-end';
import { loadRows, pluckIds } from './job-rows';

/** Whether a listing is live, when its job was first written (epoch ms), and its title. */
export interface ListingState {
  live: boolean;
  createdAt: number;
  title: string;
}

/**
 * The listings as the channels read them (issue 44, social/): which of some jobs are live now
 * (listing-end.ts `whereLive`, the board's own answer), when each was written, and the live ones
 * whole, to post. On the writer's connection or the caller's transaction, never a replica: the
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
      const rows: { id: number | string; created_at: number | string; title: string }[] = await db(
        'jobs',
      )
        .whereIn('jobs.id', part)
        .select('jobs.id', 'jobs.created_at', 'jobs.title');
      const live = new Set(await this.liveAmong(part, now, db));
      for (const row of rows) {
        const id = Number(row.id);
        states.set(id, { live: live.has(id), createdAt: Number(row.created_at), title: row.title });
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
