/**
 * The newsletter block (issue 44; api/src/newsletter/): the week's jobs as a draft post in the
 * publication's Ghost. An editor builds it on /admin/newsletter (a date range, an optional intro),
 * previews the exact HTML, and sends it to Ghost as a draft; `jobboard newsletter draft` and an
 * optional weekly schedule do the same. The board never publishes: the editor sends the
 * newsletter from Ghost.
 */
import {
  array,
  boolean,
  enums,
  integer,
  nullable,
  object,
  optional,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { described } from '../json-schema';
import { DAY_MS, dayStartsAt, formatUsDate } from '../dates';
import { isoDate, text } from './form-rules';

export const NEWSLETTER_LIMITS = {
  /** The range a block covers unless the editor gives one: the last 7 days, today included. */
  defaultDays: 7,
  /** The longest range one block may cover. */
  maxRangeDays: 31,
  /** Characters of the optional intro. */
  introMax: 2_000,
  /** Jobs one block holds at most; past it the newest are kept and the preview says how many were left out. */
  maxJobs: 150,
  /** Characters of a paid listing's description shown in the block. */
  excerptChars: 220,
  /** Issues the newsletter page lists, newest first. */
  issuesShown: 20,
  /** How long a call to Ghost's Admin API may take (seconds). */
  ghostTimeoutSeconds: 30,
} as const;

/** The days of the weekly schedule, in the order of `Date.getUTCDay()` (0: Sunday). */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

/** `November 16, 2026 to November 22, 2026`; one day alone when both are the same. */
export function newsletterRange(from: string, to: string): string {
  return from === to ? formatUsDate(from) : `${formatUsDate(from)} to ${formatUsDate(to)}`;
}

/**
 * Every text of the newsletter block, its page and its refusals: the API sends the refusals and
 * writes the block's own words; /admin/newsletter shows the rest (docs/product.md#newsletter).
 */
export const NEWSLETTER_MESSAGES = {
  /** The draft's title in Ghost (the editor may change it there). */
  postTitle: (from: string, to: string) => `New jobs: ${newsletterRange(from, to)}`,
  featuredHeading: 'Featured jobs',
  moreHeading: 'More new jobs',
  /** The group of a job that names no category. */
  otherCategory: 'Other roles',
  seeAll: (boardName: string) => `See every job on ${boardName}`,

  rangeOrder: 'The first day must not be after the last.',
  rangeTooLong: `One block covers at most ${NEWSLETTER_LIMITS.maxRangeDays} days.`,
  introTooLong: `The intro can be at most ${NEWSLETTER_LIMITS.introMax} characters.`,
  noJobs:
    'No job was published in these dates and no paid listing is waiting for the newsletter: there is nothing to send.',
  leftOut: (count: number) =>
    `${count} older job${count === 1 ? '' : 's'} of these dates ${count === 1 ? 'is' : 'are'} left out: one block holds at most ${NEWSLETTER_LIMITS.maxJobs}.`,
  notConfigured:
    "Sending to Ghost needs GHOST_URL and GHOST_ADMIN_API_KEY (the Admin API key of a custom integration in Ghost's Settings > Integrations). Nothing was sent.",
  keyRefused:
    "Ghost refused the board's Admin API key (GHOST_ADMIN_API_KEY): its integration may have been deleted in Ghost, or its key regenerated. No draft was made and nothing was recorded. Put the integration's current key in GHOST_ADMIN_API_KEY and restart the board.",
  ghostFailed: (why: string) =>
    `Ghost did not take the draft (${why}). Nothing was recorded: look in Ghost's drafts, then try again.`,
  ghostRefused: (detail: string) => `Ghost refused the draft: ${detail}. Nothing was recorded.`,
  changedSincePreview:
    'The block changed since your preview (a job was published, changed or closed). Look at the new preview, then send it.',
  sent: 'The draft is in Ghost. Open it there to check it and send the newsletter.',
  scheduleSaved: 'Schedule saved.',
  scheduledNothing: 'No job to send that week: no draft was made.',
  scheduleFailed: 'The weekly draft failed: the server log says why.',
} as const;

/** How a block's date is given: a real date, YYYY-MM-DD. */
const day = isoDate;

/** The range and intro of a block; a missing date takes the default range's. */
const blockFields = {
  from: optional(day),
  to: optional(day),
  intro: optional(
    described<string>(
      'intro',
      { type: 'string', maxLength: NEWSLETTER_LIMITS.introMax },
      (value) =>
        (typeof value === 'string' && value.length <= NEWSLETTER_LIMITS.introMax) ||
        NEWSLETTER_MESSAGES.introTooLong,
    ),
  ),
};

/** Whether a range given whole is in order and not too long (a missing end is checked by the API). */
const rangeRule = <T extends { from?: string; to?: string }>(value: T) => {
  if (!value.from || !value.to) return true;
  const days = (dayStartsAt(value.to) - dayStartsAt(value.from)) / DAY_MS + 1;
  if (days < 1) return { path: ['from'], message: NEWSLETTER_MESSAGES.rangeOrder };
  return (
    days <= NEWSLETTER_LIMITS.maxRangeDays || {
      path: ['to'],
      message: NEWSLETTER_MESSAGES.rangeTooLong,
    }
  );
};

/** `POST /api/admin/newsletter/preview`. */
export const NewsletterBlockRequest = refine(object(blockFields), 'range', rangeRule);
export type NewsletterBlockRequest = Infer<typeof NewsletterBlockRequest>;

/**
 * `POST /api/admin/newsletter/issues`: the block to send, and the `digest` of the preview the
 * editor saw (refused with changedSincePreview when the block is no longer that).
 */
export const NewsletterSendRequest = refine(
  object({ ...blockFields, digest: optional(text(64)) }),
  'range',
  rangeRule,
);
export type NewsletterSendRequest = Infer<typeof NewsletterSendRequest>;

/** One job of a block, in its order. */
export const NewsletterBlockJob = object({
  id: string(),
  title: string(),
  organization: string(),
  /** Where the block links it: the job's page with `via=newsletter`. */
  url: string(),
  /** A listing that bought the newsletter (its tier sells it): at the top, as sold. */
  promised: boolean(),
  /** The group it is listed under: its first category (or the other roles); null for a promised one. */
  group: nullable(string()),
});
export type NewsletterBlockJob = Infer<typeof NewsletterBlockJob>;

/** A block as it would be sent: its title and the exact HTML. */
export const NewsletterBlock = object({
  from: string(),
  to: string(),
  title: string(),
  html: string(),
  /** The SHA-256 of title and HTML (hex): the send names it, so what goes is what was seen. */
  digest: string(),
  jobs: array(NewsletterBlockJob),
  /** Jobs of the range left out past NEWSLETTER_LIMITS.maxJobs. */
  leftOut: integer(),
});
export type NewsletterBlock = Infer<typeof NewsletterBlock>;

/** One block sent to Ghost: its draft there, what it covered. */
export const NewsletterIssue = object({
  id: string(),
  createdAt: string(),
  /** 'admin:<username>', 'command line' or 'schedule'. */
  createdBy: string(),
  title: string(),
  from: string(),
  to: string(),
  ghostPostId: string(),
  /** The draft in Ghost's editor. */
  ghostEditUrl: string(),
  jobIds: array(string()),
  /** Of them, the listings that bought the newsletter. */
  promisedJobIds: array(string()),
});
export type NewsletterIssue = Infer<typeof NewsletterIssue>;

/** `PUT /api/admin/newsletter/schedule`: the weekly draft on or off, its day and hour (UTC). */
export const NewsletterScheduleSetting = object({
  on: boolean(),
  weekday: enums(WEEKDAYS),
  hour: size(integer(), 0, 23),
});
export type NewsletterScheduleSetting = Infer<typeof NewsletterScheduleSetting>;

/** The weekly schedule and how its last run went. */
export const NewsletterSchedule = object({
  on: boolean(),
  weekday: enums(WEEKDAYS),
  hour: integer(),
  /** When it makes the next draft (ISO); null when off. */
  next: nullable(string()),
  /** Its last run: when, and what came of it (an issue's id, nothing to send, or Ghost's refusal). */
  last: nullable(
    object({ at: string(), issueId: nullable(string()), message: nullable(string()) }),
  ),
});
export type NewsletterSchedule = Infer<typeof NewsletterSchedule>;

/** `GET /api/admin/newsletter`: what the page starts from. Never the key itself: set or not. */
export const NewsletterPage = object({
  ghost: object({ url: nullable(string()), adminKeySet: boolean() }),
  /** The default range: the last NEWSLETTER_LIMITS.defaultDays days. */
  from: string(),
  to: string(),
  schedule: NewsletterSchedule,
  /** The latest issues, newest first. */
  issues: array(NewsletterIssue),
});
export type NewsletterPage = Infer<typeof NewsletterPage>;
