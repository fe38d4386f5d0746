import { addDays, isoDate } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import type { JobPatch } from './job-input';

/**
 * When a listing is up: the rules of extending and republishing one, the same for an admin's
 * single job and a bulk action (jobs-service.ts applies them).
 */

/** An extended listing ends `days` after its current end, or after `now` if it has ended or has none. */
export function extendedEnd(currentEnd: Date | null, days: number, now: Date): Date {
  const from = currentEnd !== null && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return addDays(from, days);
}

/** An extension's line in the job's history. */
export const extendedDetail = (days: number, end: Date): string =>
  `Extended by ${days} days, to ${isoDate(end)}`;

/** A renewal's line in the job's history. */
export const renewedDetail = (end: Date): string => `Renewed until ${isoDate(end)}`;

/**
 * A republished listing is dated today and live for a Featured Listing's term; one that had no
 * end (a Multiples Listing, an admin's job) keeps none.
 */
export function republished(
  currentEnd: Date | null,
  now: Date,
): { expiresAt: Date | null; postedDate: string } {
  return {
    expiresAt: currentEnd ? addDays(now, listingTier('basic').durationDays ?? 30) : null,
    postedDate: isoDate(now),
  };
}

/** A lifecycle change: on or off, when the listing ends, and (republished) its new date. */
export interface Lifecycle {
  active: boolean;
  expiresAt: Date | null;
  postedDate?: string;
}

/** A lifecycle change as a patch of those fields alone. */
export function lifecyclePatch({ postedDate, ...rest }: Lifecycle): JobPatch {
  return { ...rest, ...(postedDate ? { postedDate } : {}) };
}
