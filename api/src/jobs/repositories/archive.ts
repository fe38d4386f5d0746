import type { Knex } from 'knex';
import { dialectOf } from '../../platform/db/knex';
import { whereEnded } from '../listing-end';
import { pluckIds } from './job-rows';
import { searchIndexFor } from './search-index';

/**
 * The archive (issue 31: 'A million jobs'): a job that has ended (listing-end.ts: its listing
 * expired or its application deadline passed) is `archived`, and the public indexes leave it out
 * (migrations 20261127000310 to 20261127000340), so what a public search, a feed or the sitemap
 * reads does not grow with the board's history. The board (listing-end.ts whereLive) still checks the ends
 * themselves: a job that ended a minute ago and is not archived yet is already off the board,
 * and archiving never changes what the public sees. Admin and employer views read every job.
 *
 * A job is archived when a write leaves it ended (the writer, job-writer.ts and
 * job-columns.ts) and by the sweep below (the retention run, on its lease), which catches the jobs
 * that simply ran out. A write that moves the end into the future (a renewal, an admin's extend,
 * a new deadline) un-archives the job. SQLite's text index (jobs_fts) holds the live jobs only:
 * archiving a job takes it out, un-archiving it (the writer's re-index) puts it back, so a live
 * search there does not read the history either (PostgreSQL's match index is partial, `WHERE NOT
 * archived`, and follows the flag by itself).
 */

/**
 * Archive up to `limit` jobs that have ended and are not archived yet; returns how many. The
 * caller repeats it while it returns `limit` (each call one short statement).
 */
export async function archiveEnded(db: Knex, now: Date, limit: number): Promise<number> {
  return db.transaction(async (trx) => {
    const due = await pluckIds(
      trx('jobs')
        .select('id')
        .whereRaw('jobs.archived = false')
        .modify(whereEnded, now)
        .limit(limit),
    );
    if (!due.length) return 0;
    const archived = await trx('jobs')
      .whereIn('id', due)
      .whereRaw('jobs.archived = false')
      .update({ archived: true });
    // SQLite's text index holds the live jobs only (search-index/sqlite-search-index.ts).
    await searchIndexFor(dialectOf(trx)).remove(trx, due);
    return archived;
  });
}
