import { array, assign, enums, nullable, object, optional, string, type Infer } from 'superstruct';
import { described } from './json-schema';
import { labelKey } from './labels';
import { DEFAULT_CURRENCY } from './pay';
import { ANY_LOCATION, JOB_TYPE_FILTERS, salaryRangeLabel, type SearchFilter } from './search';
import { filterFromQueryString, filterToQueryString } from './filter-query';
import { ApplicationRecord } from './application-upkeep';
import { ReportRecord } from './reports';
import { WORKPLACE_FILTERS, workplaceFlagsOf } from './workplace';
import { isContactEmail } from './submission';
import { EMAIL_SCHEMA } from './email-key';
import { HUMAN_PROOF_BODY } from './human-proof';

/**
 * Job alerts (issue 17): any search of the board followed by e-mail, with double opt-in. The
 * board's form, the API and the e-mails all read the choices, limits and texts here.
 */

export const ALERT_FREQUENCIES = [
  { value: 'daily', label: 'Daily', days: 1 },
  { value: 'weekly', label: 'Weekly', days: 7 },
] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]['value'];
const FREQUENCY_SCHEMA = { enum: ALERT_FREQUENCIES.map((frequency) => frequency.value) };

export const ALERT_LIMITS = {
  /** The address, as the submission form takes it (column job_alerts.email, varchar 254). */
  email: 254,
  /** The search's normalised query string (column job_alerts.search, varchar 2000). */
  search: 2000,
  /** The search's own words in an e-mail or alert page: cut to this many characters. */
  describedQuery: 60,
  /** A confirmation link works this long, and once. */
  confirmHours: 48,
  /** A digest lists at most this many jobs, then links to the whole search. */
  digestJobs: 20,
  /** A data link (download or delete everything of an address) works this long, and once. */
  dataLinkMinutes: 60,
} as const;

/** How an alert's links carry their token: 32 random bytes, base64url. */
export const ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const ALERT_MESSAGES = {
  email: 'Please enter a valid email address',
  frequency: 'Please choose daily or weekly',
  search: `This search is too long to follow by e-mail (at most ${ALERT_LIMITS.search} characters)`,
  /** The answer to every accepted request: it never says whether the address was known. */
  checkInbox: (email: string) =>
    `Almost done: we sent a confirmation link to ${email}. Open it within ${ALERT_LIMITS.confirmHours} hours to start your alert. Nothing is sent before you confirm.`,
  /** Past the board's daily cap of confirmation e-mails (ALERT_CONFIRMATIONS_PER_DAY). */
  dailyCapReached:
    'We are sending too many alert confirmations today. Please try again tomorrow: nothing was saved.',
  tooManyForAddress: (minutes: number) =>
    `Too many alert requests for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  confirmInvalid: 'This confirmation link is not valid.',
  confirmExpired: `This confirmation link has expired (links work for ${ALERT_LIMITS.confirmHours} hours). Please subscribe again from the board.`,
  confirmUsed: 'This confirmation link has already been used.',
  linkInvalid: 'This alert link is not valid.',
  unsubscribed: 'You are unsubscribed: this alert will send you nothing more.',
  /** A signed-in member's removal of an alert that is not (or no longer) theirs to remove. */
  memberAlertNotFound: 'Alert not found',
  memberAlertRemoved: 'Alert removed: it will send you nothing more.',
  /**
   * The answer of 'Delete my data' from an alert's link: every alert of the address is gone, and
   * every application sent from it (named when there were any); the reports of listings sent with
   * it keep neither the address nor the note (named when there were any: the reports stay).
   */
  dataDeleted: (count: number, applications = 0, reports = 0) =>
    `Your data is deleted: ${count} job alert${count === 1 ? '' : 's'}${applications ? ` and ${applications} application${applications === 1 ? '' : 's'}` : ''} of this address removed${reports ? `, and the address and note taken off ${reports === 1 ? 'your report of a listing' : `your ${reports} reports of listings`}` : ''}. We will send you nothing more.`,
  /**
   * The answer to every request for a data link, whatever the address: it never says whether the
   * board keeps anything about it.
   */
  dataLinkRequested: (email: string) =>
    `If this board keeps anything about ${email} (job alerts, applications, reports of listings), a link to download or delete it is on its way to that address. It works once, for ${ALERT_LIMITS.dataLinkMinutes} minutes.`,
  tooManyDataLinks: (minutes: number) =>
    `Several links were sent to this address just now. Please use the newest, or ask again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  dataLinkInvalid:
    'This link does not work: it may have been used already (each link works once). Ask for a new one below.',
  dataLinkExpired: `This link has expired (links work for ${ALERT_LIMITS.dataLinkMinutes} minutes). Ask for a new one below.`,
} as const;

/**
 * The texts of 'Download my data' and 'Delete my data' (an alert's manage page, the bookmarks
 * page): the buttons, what they do, the confirmation asked before deleting. Both pages use them.
 */
export const DATA_RIGHTS_TEXTS = {
  heading: 'Your data',
  alertIntro:
    'Download everything this board keeps about this e-mail address (its job alerts, the applications and the reports of listings sent from it) as a JSON file, or delete it all.',
  memberIntro:
    'Download everything this board keeps about you (your member record, your bookmarks, and the job alerts, applications and reports of listings of your e-mail address) as a JSON file, or delete it all.',
  download: 'Download my data',
  delete: 'Delete my data',
  confirmDelete: 'Delete everything? This cannot be undone.',
  confirm: 'Yes, delete it',
  cancel: 'Keep it',
  downloaded: 'Your data has been downloaded.',
  failed: 'That did not work. Please try again.',
  fileName: (day: string) => `my-job-board-data-${day}.json`,
  /**
   * An alert's pages and /alerts/data without a link: everything of an address is reached only
   * through a link e-mailed to it (issue 43), never through one alert's link.
   */
  requestIntro:
    'To download or delete everything this board keeps about an e-mail address (its job alerts, the applications and the reports of listings sent from it), we e-mail that address a link. It works once, for an hour.',
  requestEmail: 'Your e-mail address',
  requestButton: 'E-mail me a link',
  /** /alerts/data: the page's title. */
  pageTitle: 'Download or delete your data',
  /** /alerts/data?token=: the link's page, for the address it was sent to. */
  linkIntro:
    'Download everything this board keeps about your e-mail address (its job alerts, the applications and the reports of listings sent from it) as a JSON file, or delete it all. This link works once: for the other, ask for a new one.',
} as const;

/** What the board's 'Get these jobs by e-mail' form sends (`POST /api/alerts`). */
export const AlertSubscription = object({
  email: described<string>(
    'email',
    EMAIL_SCHEMA,
    (value) => isContactEmail(value) || ALERT_MESSAGES.email,
  ),
  frequency: described<AlertFrequency>(
    'frequency',
    FREQUENCY_SCHEMA,
    (value) => ALERT_FREQUENCIES.some((f) => f.value === value) || ALERT_MESSAGES.frequency,
  ),
  /** The board's query string (`?q=grants&remote=true`, or '' for every job). */
  search: described<string>(
    'search',
    { type: 'string', maxLength: ALERT_LIMITS.search },
    (value) =>
      (typeof value === 'string' && value.length <= ALERT_LIMITS.search) || ALERT_MESSAGES.search,
  ),
  /** The spam check (issue 45): the solved challenge and the honeypot. */
  ...HUMAN_PROOF_BODY,
});
export type AlertSubscription = Infer<typeof AlertSubscription>;

/** `POST /api/alerts/data-link`: the address to e-mail a data link to. */
export const AlertDataLinkRequest = object({
  email: described<string>(
    'email',
    EMAIL_SCHEMA,
    (value) => isContactEmail(value) || ALERT_MESSAGES.email,
  ),
});
export type AlertDataLinkRequest = Infer<typeof AlertDataLinkRequest>;

/** Path parameter of an alert's own links (confirm, manage, unsubscribe), and of a data link. */
export const AlertTokenParams = object({ token: string() });

/** Query of the one-click unsubscribe URL (`List-Unsubscribe`, RFC 8058). */
export const AlertUnsubscribeQuery = object({ token: string() });

/** A frequency change from the manage page. */
export const AlertUpdate = object({
  frequency: described<AlertFrequency>(
    'frequency',
    FREQUENCY_SCHEMA,
    (value) => ALERT_FREQUENCIES.some((f) => f.value === value) || ALERT_MESSAGES.frequency,
  ),
});
export type AlertUpdate = Infer<typeof AlertUpdate>;

/** One alert as its own pages show it. */
export const AlertView = object({
  email: string(),
  /** The normalised query string, with its '?' ('' for every job): the board's URL of it. */
  search: string(),
  /** The search in words: 'Remote · Full-time · "grants"'. */
  description: string(),
  frequency: enums(ALERT_FREQUENCIES.map((f) => f.value)),
  status: enums(['pending', 'confirmed', 'unsubscribed']),
  /** When it was confirmed (ISO 8601), null before. */
  confirmedAt: nullable(string()),
});
export type AlertView = Infer<typeof AlertView>;

/** One alert as a data export holds it: everything stored about it but its link tokens. */
export const AlertRecord = object({
  email: string(),
  search: string(),
  description: string(),
  frequency: enums(ALERT_FREQUENCIES.map((f) => f.value)),
  status: enums(['pending', 'confirmed', 'unsubscribed']),
  /** ISO 8601; confirmedAt, unsubscribedAt and lastDigestAt null when it has not happened. */
  createdAt: string(),
  confirmedAt: nullable(string()),
  unsubscribedAt: nullable(string()),
  lastDigestAt: nullable(string()),
});
export type AlertRecord = Infer<typeof AlertRecord>;

/**
 * 'Download my data': from a data link, every alert of its address (any state) and its
 * applications; from an alert's own link (deprecated), that one alert.
 */
export const AlertDataExport = object({
  exportedAt: string(),
  email: string(),
  alerts: array(AlertRecord),
  /**
   * The applications sent from the address, newest first (issue 42). Optional only for fixtures
   * built earlier: the API always sends it.
   */
  applications: optional(array(ApplicationRecord)),
  /**
   * The reports of listings sent with the address that still keep it (issue 45: open ones),
   * newest first. Optional only for fixtures built earlier: the API always sends it.
   */
  reports: optional(array(ReportRecord)),
});
export type AlertDataExport = Infer<typeof AlertDataExport>;

/**
 * An alert of the signed-in member's address, on /bookmarks (`id` names it for removal). Alerts
 * of the address that were unsubscribed are not listed.
 */
export const MemberAlert = assign(AlertView, object({ id: string() }));
export type MemberAlert = Infer<typeof MemberAlert>;

/** `GET /api/members/alerts`: the member's alerts, newest first. */
export const MemberAlerts = object({ alerts: array(MemberAlert) });
export type MemberAlerts = Infer<typeof MemberAlerts>;

/**
 * The one spelling of a search that an alert keeps: the board's own query string of the filter
 * the text describes (unknown parts dropped, defaults left out), so two ways of writing the same
 * search are one alert. The sort order is left out: a digest lists the newest jobs.
 */
export function normaliseAlertSearch(search: string): string {
  const filter = filterFromQueryString(search.trim());
  return filterToQueryString({ ...filter, sortOption: 'recent' });
}

/**
 * The words of a caller's query as the board repeats them (an alert's e-mails and pages): no
 * line breaks or control characters, no web or e-mail addresses (nothing a mail client would
 * turn into a link), white space collapsed, cut to ALERT_LIMITS.describedQuery characters.
 */
export function describedQuery(query: string): string {
  const words = query
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .split(/\s+/)
    .filter(
      (word) =>
        word !== '' &&
        !/:\/\/|^www\.|@|\/\//i.test(word) &&
        // A host name (board.example, evil.co/x): its dots between letters make it a link.
        !/[\p{L}\p{N}-]\.[\p{L}]{2,}/u.test(word),
    )
    .join(' ');
  const chars = [...words];
  return chars.length > ALERT_LIMITS.describedQuery
    ? `${chars
        .slice(0, ALERT_LIMITS.describedQuery - 1)
        .join('')
        .trimEnd()}…`
    : words;
}

/**
 * The location and category names a search may be described with (the board's own), and the
 * board's currency, which its salary bands are in (absent: US dollars).
 */
export interface KnownSearchLabels {
  locations: readonly string[];
  categories: readonly string[];
  currency?: string;
}

/**
 * A search in words, for the alert's e-mails and pages and the board's 'Get these jobs by
 * e-mail' dialog. Only the board's own words: the labels of the contract's choices, a location
 * or category only when it is one of `known` (names from the database; the dialog, which shows
 * a visitor their own search, passes none), and the query through describedQuery.
 */
export function describeSearch(filter: SearchFilter, known?: KnownSearchLabels): string {
  const parts: string[] = [];
  const query = describedQuery(filter.query);
  if (query) parts.push(`"${query}"`);
  for (const { flag, label } of JOB_TYPE_FILTERS) if (filter.jobType[flag]) parts.push(label);
  const workplace = workplaceFlagsOf(filter);
  for (const { flag, label } of WORKPLACE_FILTERS) if (workplace[flag]) parts.push(label);
  const levels = Object.entries(filter.experience)
    .filter(([, on]) => on)
    .map(([level]) => `${level[0]!.toUpperCase()}${level.slice(1)} level`);
  parts.push(...levels);
  if (filter.salaryRange !== 'any') {
    parts.push(salaryRangeLabel(filter.salaryRange, known?.currency ?? DEFAULT_CURRENCY));
  }
  const knownName = (names: readonly string[] | undefined, name: string) =>
    names === undefined ? name : names.find((n) => labelKey(n) === labelKey(name));
  const location =
    filter.location === ANY_LOCATION ? undefined : knownName(known?.locations, filter.location);
  if (location) parts.push(`in ${location}`);
  const categories = filter.category
    .map((name) => knownName(known?.categories, name))
    .filter((name): name is string => name !== undefined);
  if (categories.length) parts.push(categories.join(', '));
  return parts.length ? parts.join(' · ') : 'All jobs';
}
