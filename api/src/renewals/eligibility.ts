import { addDays, isoDate } from '@jobboard/contract/common';
import { RENEWAL_MESSAGES, RENEWAL_WINDOW } from '@jobboard/contract/payments';
import { listingTier, type ListingTier } from '@jobboard/contract/submissions';
import { extendedEnd, type JobEnding, deadlinePassed } from '../jobs';
import type { ReviewRow } from '../submissions';

/** What a renewal needs of the submission the job came from. */
export type RenewalSubmission = Pick<
  ReviewRow,
  'id' | 'status' | 'listing_type' | 'contact_email' | 'contact_name'
>;

/** A listing that may be renewed now: its job, the submission it came from and its tier. */
export interface Renewable {
  job: JobEnding & { expiresAt: number };
  submission: RenewalSubmission;
  tier: ListingTier & { durationDays: number };
}

export type Eligibility = { renewable: Renewable } | { refusal: string };

/**
 * Whether the listing may be renewed at `now` (docs/product.md#renewals): a job paid for through
 * the board (its submission paid), whose tier ends, still on the board (not closed or switched
 * off, its application deadline not passed), from RENEWAL_WINDOW.daysBeforeEnd days before its end
 * until RENEWAL_WINDOW.daysAfterEnd days after it. Else the reason, as RENEWAL_MESSAGES words it.
 */
export function eligibility(
  job: JobEnding | undefined,
  submission: RenewalSubmission | undefined,
  now: Date,
  jobsEmail: string,
): Eligibility {
  if (!job) return { refusal: RENEWAL_MESSAGES.notFound };
  if (job.source !== 'submission' || !submission || submission.status !== 'paid') {
    return { refusal: RENEWAL_MESSAGES.notPaid };
  }
  const tier = listingTier(submission.listing_type);
  const { expiresAt } = job;
  if (tier.durationDays === null || expiresAt === null) {
    return { refusal: RENEWAL_MESSAGES.neverEnds };
  }
  if (!job.active) return { refusal: RENEWAL_MESSAGES.closed };
  // Ended by its deadline (listing-end.ts): a new term would not open it again. Ended by its
  // expiry: that is what a renewal is for, within the window below.
  if (deadlinePassed(job, now)) return { refusal: RENEWAL_MESSAGES.deadlinePassed };
  const opens = addDays(new Date(expiresAt), -RENEWAL_WINDOW.daysBeforeEnd);
  if (now.getTime() < opens.getTime()) {
    return { refusal: RENEWAL_MESSAGES.tooEarly(isoDate(opens)) };
  }
  if (now.getTime() > addDays(new Date(expiresAt), RENEWAL_WINDOW.daysAfterEnd).getTime()) {
    return { refusal: RENEWAL_MESSAGES.tooLate(jobsEmail) };
  }
  return {
    renewable: {
      job: { ...job, expiresAt },
      submission,
      tier: { ...tier, durationDays: tier.durationDays },
    },
  };
}

/** Where a renewal paid at `now` moves the end: another term from the end, or from now if it passed. */
export const renewedEnd = (expiresAt: number, durationDays: number, now: Date): Date =>
  extendedEnd(new Date(expiresAt), durationDays, now);
