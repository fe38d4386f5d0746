import { boolean, integer, min, nullable, object, string, type Infer } from 'superstruct';

/**
 * Dead application links (issue 45, docs/product.md#dead-application-links): the board checks each
 * live listing's application link now and then, and a link found dead twice in a row flags the
 * listing. What a check found, in the words the admin's and the employer's pages and the e-mail
 * show, and the notice on the job's public page, live here: the API and the pages import them.
 */

/**
 * What one check found: the link answered (`ok`), or how it failed. Of the failures, the dead
 * kinds (DEAD_LINK_RESULTS) flag a listing at the second in a row; the others (a server error, no
 * answer in time, another status, a redirect loop, a connection cut) count as failures but never
 * flag; `guard` is the board's own refusal to call a private address, no failure of theirs.
 */
export const LINK_CHECK_RESULTS = [
  'ok',
  'not_found',
  'gone',
  'no_such_host',
  'tls',
  'refused',
  'timeout',
  'server_error',
  'other_status',
  'redirects',
  'network',
  'guard',
] as const;
export type LinkCheckResult = (typeof LINK_CHECK_RESULTS)[number];

/** The answers that say the link is dead: two in a row flag the listing. */
export const DEAD_LINK_RESULTS = [
  'not_found',
  'gone',
  'no_such_host',
  'tls',
  'refused',
] as const satisfies readonly LinkCheckResult[];

/** How many checks in a row of the dead kinds flag a listing. */
export const DEAD_CHECKS_TO_FLAG = 2;

export const isDeadResult = (result: string): boolean =>
  (DEAD_LINK_RESULTS as readonly string[]).includes(result);

/** A check's answer in words ('Answered 404 Not Found'), as the admin and the employer read it. */
export function linkCheckAnswer(result: string, status: number | null): string {
  switch (result) {
    case 'ok':
      return `Answered ${status ?? 200}: the page is there`;
    case 'not_found':
      return 'Answered 404 Not Found';
    case 'gone':
      return 'Answered 410 Gone';
    case 'no_such_host':
      return 'No such host: the address does not resolve';
    case 'tls':
      return 'The secure connection failed (certificate or TLS handshake)';
    case 'refused':
      return 'The connection was refused';
    case 'timeout':
      return 'No answer in time';
    case 'server_error':
      return `Server error ${status ?? ''}`.trim();
    case 'other_status':
      return `Answered ${status ?? 'an unexpected status'}`;
    case 'redirects':
      return 'Too many redirects';
    case 'network':
      return 'The connection failed';
    case 'guard':
      return 'Not checked: the link leads to a private or local address, which the board never calls (not counted as a failure)';
    default:
      return result;
  }
}

/**
 * The last check of a job's application link, as the admin's job page and the employer's page
 * show it (present once the link was checked).
 */
export const ApplyLinkCheck = object({
  /** The link as checked. */
  url: string(),
  /** What the check found (LINK_CHECK_RESULTS; a newer API may add kinds: read `answer`). */
  result: string(),
  /** The last HTTP status it answered with; null when it gave none. */
  status: nullable(integer()),
  /** The answer in words (linkCheckAnswer). */
  answer: string(),
  /** When (ISO 8601). */
  checkedAt: string(),
  /** Checks in a row that failed (0 after one that answered; a refusal by the guard counts none). */
  failures: min(integer(), 0),
  /** Whether the listing is flagged: DEAD_CHECKS_TO_FLAG checks in a row of the dead kinds. */
  flagged: boolean(),
  /** When it was flagged (ISO 8601); null while it is not. */
  flaggedAt: nullable(string()),
});
export type ApplyLinkCheck = Infer<typeof ApplyLinkCheck>;

/** Every text of dead application links, word for word in docs/product.md#dead-application-links. */
export const APPLY_LINK_TEXT = {
  /** The job's public page (its first view drawn by the server too), over its Apply action. */
  notice:
    "This posting may have closed: its application link did not work the last two times we checked it. You can still try it, or look for the job on the organisation's own website.",
  /** The admin's job list: beside the status of a flagged job. */
  adminFlag: 'Application link not working',
  /** The admin's job list filter and its one choice. */
  filterLabel: 'Application link',
  anyLink: 'Any',
  flaggedChoice: 'Not working',
  /** The admin's dashboard: live listings whose link is flagged. */
  dashboardCount: 'Application links not working',
  /** The admin's job page: the row of the link's last check. */
  checkRow: 'Application link check',
  lastCheck: (answer: string, at: string) => `${answer} (checked ${at})`,
  failuresInARow: (n: number) => (n === 1 ? '1 failed check' : `${n} failed checks in a row`),
  flaggedSince: (at: string) =>
    `Flagged since ${at}: the job's page says the posting may have closed`,
  notChecked: 'Not checked yet',
  /** The employer's page: a flagged listing. */
  employerFlag: (answer: string, at: string) =>
    `Your application link did not work the last two times we checked it (${answer}, ${at}). Candidates see that the posting may have closed. Correct the link with 'Propose changes', or close the listing if the job is filled.`,
} as const;
