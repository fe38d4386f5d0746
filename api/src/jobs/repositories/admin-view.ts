import { addDays } from '@jobboard/contract/common';
import { EXPIRING_WITHIN_DAYS, type AdminJobsQuery } from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import { whereEnded, whereLive, whereNotEnded } from '../listing-end';

/** `%text%` for LIKE, its own % _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * An admin view of the jobs, and the jobs another slice narrows it to: `onlyIds`, the ids its
 * filter names (the still-hiring check-ins' unanswered ones, issue 45, whose table is theirs).
 */
export type AdminJobsView = AdminJobsQuery & { onlyIds?: readonly number[] };

/**
 * The jobs of an admin view (GET /api/admin/lists/jobs, the jobs CSV): every job, inactive and
 * ended too, narrowed by the view's search and filters. The query joins the company (searched and
 * sorted by name) and selects nothing yet.
 */
export function adminJobsScope(db: Knex, view: AdminJobsView, now: Date): Knex.QueryBuilder {
  const query = db('jobs').join('companies', 'companies.id', 'jobs.company_id');
  if (view.onlyIds) query.whereIn('jobs.id', [...view.onlyIds]);
  const q = view.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query.where((w) =>
      w
        .whereRaw(`lower(jobs.title) LIKE ? ESCAPE '\\'`, [pattern])
        .orWhereRaw(`lower(companies.name) LIKE ? ESCAPE '\\'`, [pattern]),
    );
  }
  // 'Live' is what the board shows and 'Ended' what it shows as ended (listing-end.ts): the
  // admin's views give the same answer as the public's.
  if (view.status === 'live') {
    whereLive(query, now);
  } else if (view.status === 'held') {
    query.where('jobs.active', true).andWhere('jobs.pay_held', true);
  } else if (view.status === 'inactive') {
    query.where('jobs.active', false);
  } else if (view.status === 'expired') {
    whereEnded(query, now);
  }
  if (view.featured) query.where('jobs.featured', view.featured === 'yes');
  if (view.link === 'flagged') query.whereNotNull('jobs.apply_link_flagged_at');
  if (view.source) query.where('jobs.source', view.source);
  if (view.expiring === 'yes') {
    // Its term runs out within the days (a range of the expiry index), and it has not ended
    // already: its deadline may have closed it.
    query
      .where('jobs.active', true)
      .andWhere('jobs.expires_at', '>', now.getTime())
      .andWhere('jobs.expires_at', '<=', addDays(now, EXPIRING_WITHIN_DAYS).getTime());
    whereNotEnded(query, now);
  }
  return query;
}

/**
 * The view's order, the same on both databases: text by its lower case, jobs without an end last
 * whichever the direction, then by id so that pages never overlap.
 */
export function orderAdminJobs(query: Knex.QueryBuilder, view: AdminJobsQuery, db: Knex): void {
  const dir = view.dir === 'asc' ? 'asc' : 'desc';
  switch (view.sort) {
    case 'title':
      query.orderBy(db.raw('lower(jobs.title)') as unknown as string, dir);
      break;
    case 'organization':
      query.orderBy(db.raw('lower(companies.name)') as unknown as string, dir);
      break;
    case 'posted':
      query.orderBy('jobs.posted_date', dir);
      break;
    case 'status':
      query.orderBy('jobs.active', dir);
      break;
    case 'expires':
      query
        .orderBy(db.raw('CASE WHEN jobs.expires_at IS NULL THEN 1 ELSE 0 END') as unknown as string)
        .orderBy('jobs.expires_at', dir);
      break;
    case 'created':
    default:
      query.orderBy('jobs.created_at', dir);
  }
  query.orderBy('jobs.id', dir);
}
