import { boolean, enums, integer, nullable, object, string, type Infer } from 'superstruct';
import { LISTING_TIERS } from './tiers';

/**
 * Renewing a paid listing (issue 30): the employer pays the tier's price again through Stripe
 * Checkout and the listing runs for another term of its tier, from its current end or from the
 * payment when it has ended already.
 */

/** The days around a listing's end when it may be renewed, and when the reminder goes out. */
export const RENEWAL_WINDOW = {
  /** A listing may be renewed from this many days before its end... */
  daysBeforeEnd: 7,
  /** ...until this many days after it (then it comes back live). */
  daysAfterEnd: 30,
  /** The reminder e-mail with the renewal link goes out this many days before the end. */
  reminderDaysBeforeEnd: 5,
} as const;

/**
 * How long a renewal link works, from when it was made: a link is made at the earliest when the
 * window opens (the reminder, or "Renew listing" on the employer's page), so it lasts until the
 * window can have closed. A later renewal needs a new one, which the employer's page gives.
 */
export const RENEWAL_LINK_TTL_DAYS = RENEWAL_WINDOW.daysBeforeEnd + RENEWAL_WINDOW.daysAfterEnd;

/** Why a listing cannot be renewed (or its link used); shown as written by the renewal page. */
export const RENEWAL_MESSAGES = {
  invalidLink: 'This renewal link is not valid.',
  expiredLink: `This renewal link has expired (a link works for ${RENEWAL_LINK_TTL_DAYS} days). Sign in to your listings page for a new one.`,
  notFound: 'This listing is no longer on the board.',
  notPaid: 'Only a listing paid for through the board can be renewed.',
  neverEnds: 'This listing has no end date, so it never needs renewing.',
  closed: 'This listing was closed or taken off the board, so it cannot be renewed.',
  deadlinePassed: 'The application deadline of this listing has passed, so it cannot be renewed.',
  tooEarly: (opensOn: string) =>
    `This listing can be renewed from ${opensOn} (${RENEWAL_WINDOW.daysBeforeEnd} days before it ends).`,
  tooLate: (jobsEmail: string) =>
    `This listing ended more than ${RENEWAL_WINDOW.daysAfterEnd} days ago and can no longer be renewed. Write to ${jobsEmail} to post it again.`,
  /** The session a return page names is not one of this listing's renewals. */
  unknownSession: 'This payment is not a renewal of this listing.',
} as const;

/** How a renewal link looks in a URL: 32 random bytes, base64url (like a pay link). */
export const RENEWAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What the renewal page (/renew/{token}) shows. */
export const RenewalPageView = object({
  jobId: string(),
  title: string(),
  organization: string(),
  tierId: enums(LISTING_TIERS.map((t) => t.id)),
  tierName: string(),
  /** The days one renewal adds. */
  durationDays: integer(),
  priceCents: integer(),
  /** When the listing ends now (ISO 8601), and whether that has passed. */
  currentEnd: string(),
  ended: boolean(),
  /** When it would end if renewed now (ISO 8601). */
  newEnd: string(),
  /** Why it cannot be renewed now (RENEWAL_MESSAGES); null: it can. */
  refusal: nullable(string()),
  /** False when the site has no Stripe keys: the page says payments are not set up. */
  paymentsConfigured: boolean(),
});
export type RenewalPageView = Infer<typeof RenewalPageView>;

/** Params of a renewal session's status: the link's token and the Checkout Session's id. */
export const RenewalSessionParams = object({ token: string(), sessionId: string() });

/** What the return page reads: whether Stripe's payment for the renewal has arrived. */
export const RenewalStatus = object({
  jobId: string(),
  status: enums(['paid', 'pending']),
  /** The listing's end now (ISO 8601): the new one once paid. */
  currentEnd: nullable(string()),
});
export type RenewalStatus = Infer<typeof RenewalStatus>;
