import type { Knex } from 'knex';

/**
 * Has this listing ended? (issue 41, R1; docs/product.md#job-lifecycle.) The one answer for
 * every reader: the public board and the job's page (`expired`), the admin's views ('Live',
 * 'Ended', 'Ending within 7 days', the dashboard's counts), the archive (the writer's flag and the
 * retention run's sweep), the employer's page, renewals, and the retention of applications
 * (deleted a set time after their listing ended). Each once disagreed with the others:
 * the admin's 'Live' read the expiry alone, so a job past its application deadline was live there
 * and gone from the board.
 *
 * A listing has two ends, each epoch ms, each possibly none:
 * - its expiry (`jobs.expires_at`): a paid term that runs out, or an admin's extend; none for a
 *   listing that never ends (an admin's job, a Multiples Listing, a synced job);
 * - its application deadline (`jobs.deadline_ends_at`): the first instant after the deadline day
 *   in UTC, so a job is open through the whole of that day (the board has no time zone setting;
 *   contract dates.ts deadlineEndsAt); none for a deadline that is no date ('Rolling').
 *
 * It has ended once either has come (at that instant, not after). Switching a job off is not an
 * end: an inactive job is off the board but not ended (the admin's 'Inactive', not 'Ended'; its
 * renewal is refused as closed), and switched on again it is live if its ends allow. `archived`
 * is this answer written down for the indexes (archive.ts): the writer sets it from `hasEnded`,
 * the sweep from `whereEnded`, and the board still asks the ends themselves, so a job that ended
 * a minute ago and is not archived yet is off the board already.
 */

/** A listing's ends (epoch ms; PostgreSQL gives a bigint as a string); null or absent: none. */
export interface ListingEnds {
  expiresAt?: number | string | null;
  deadlineEndsAt?: number | string | null;
}

/** The columns of `jobs` that hold the ends: the instants at which the answer may change. */
export const LISTING_END_COLUMNS = ['expires_at', 'deadline_ends_at'] as const;

const come = (at: number | string | null | undefined, now: Date) =>
  at != null && Number(at) <= now.getTime();

/** Whether the listing's term has run out (renewals renew it, from its end, within their window). */
export const hasExpired = (ends: ListingEnds, now: Date): boolean => come(ends.expiresAt, now);

/** Whether its application deadline has passed (nothing but a new deadline opens it again). */
export const deadlinePassed = (ends: ListingEnds, now: Date): boolean =>
  come(ends.deadlineEndsAt, now);

/** Whether the listing has ended at `now`: it takes no applications and is off the board. */
export const hasEnded = (ends: ListingEnds, now: Date): boolean =>
  hasExpired(ends, now) || deadlinePassed(ends, now);

/** The ends of a `jobs` row. */
export const endsOfRow = (row: {
  expires_at: number | string | null;
  deadline_ends_at: number | string | null;
}): ListingEnds => ({ expiresAt: row.expires_at, deadlineEndsAt: row.deadline_ends_at });

/**
 * Later than any end: a column without one never ends. Written into the SQL, not bound, so each
 * expression is the very one PostgreSQL keeps statistics on (migrations 20261123000300 and
 * 20261126160120).
 */
const NEVER = Number.MAX_SAFE_INTEGER;

/**
 * `hasEnded` false, as conditions on a query over `jobs`. One expression per end rather than an
 * OR, which PostgreSQL would answer by merging two scans of the expiry index (80,000 entries each
 * at 100,000 jobs) before reading anything else; both columns are in the sort-order indexes.
 */
export function whereNotEnded(query: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
  for (const column of LISTING_END_COLUMNS) {
    query.andWhereRaw(`COALESCE(jobs.${column}, ${NEVER}) > ?`, [now.getTime()]);
  }
  return query;
}

/** `hasEnded` true, as a condition on a query over `jobs`: the complement of whereNotEnded. */
export function whereEnded(query: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
  return query.andWhere((either) => {
    for (const column of LISTING_END_COLUMNS) either.orWhere(`jobs.${column}`, '<=', now.getTime());
  });
}

/**
 * Live: on the board, in the searches, the feeds and the sitemap, and in the admin's 'Live' view
 * and count (one answer, so they cannot disagree): switched on, not held back by the pay rule
 * (docs/product.md#pay) and not ended. `archived = false` follows from not ended; written as a
 * literal, it lets PostgreSQL prove that its partial indexes of the live jobs apply.
 */
export function whereLive(query: Knex.QueryBuilder, now: Date): Knex.QueryBuilder {
  query.whereRaw('jobs.archived = false').andWhere('jobs.active', true);
  query.andWhere('jobs.pay_held', false);
  return whereNotEnded(query, now);
}
