import { parsePositive } from './config-values';

/**
 * Every rate limit of the board, in one table (issue 41, R6). Before, they were read from three
 * kinds of place: the configuration (submissions, admin sign-in), the contract's constants
 * (alerts, employers, client errors) and numbers written in route files (pay and renewal links,
 * member sign-in), with the window written again beside each. Now a route names its entry
 * (`config: { rateLimit: app.config.rateLimits.payCheckout }`, counted by platform/plugins/rate-limit.ts)
 * and a service the entries it counts itself; docs/configuration.md#rate-limits lists the table,
 * and test/platform/plugins/rate-limits.test.ts drives each route past its limit.
 *
 * A route's entry is named as its endpoint is in the contract's ENDPOINTS table.
 */

/** At most `max` in `windowMinutes`. */
export interface RateLimit {
  max: number;
  windowMinutes: number;
}

export interface RateLimitEntry extends RateLimit {
  /**
   * Who is counted: each client (an IPv4 address or an IPv6 /64: platform/http/client-key.ts), each
   * e-mail address (by its key, emailKey), each job, the whole board, or each integrator's API
   * key (the routes of /api/v1: their area's guard names the key, `request.rateLimitKey`).
   */
  per: 'client' | 'address' | 'job' | 'board' | 'key';
  /** What is counted, as the operator reads it. */
  counts: string;
  /** The environment variables that change it (docs/configuration.md); the others are fixed. */
  env?: { max: string; windowMinutes?: string };
  /**
   * Past it the request is refused (429 with Retry-After: the default, counted in the database
   * for every process), or, for what the board counts for itself, answered as usual and only left
   * out of the count ('uncounted': a visitor never sees an error for a number). An 'uncounted'
   * limit is kept in each process's memory (process-rate-limit.ts).
   */
  past?: 'refused' | 'uncounted';
}

const SUBMISSION_ENV = {
  max: 'SUBMISSION_RATE_LIMIT_MAX',
  windowMinutes: 'SUBMISSION_RATE_LIMIT_WINDOW_MINUTES',
};
const LOGIN_ENV = { max: 'LOGIN_RATE_LIMIT_MAX' };

export const RATE_LIMITS = {
  // Every attempt counts, refused ones too (a wrong promo code): 5 leaves room for a few retries.
  submitJob: {
    per: 'client',
    counts: 'job submissions (POST /api/submit-job-for-review)',
    max: 5,
    windowMinutes: 10,
    env: SUBMISSION_ENV,
  },
  // The submission form's logo file comes with a submission: the same figures, its own count.
  uploadLogo: {
    per: 'client',
    counts: 'logo uploads of the submission form (POST /api/logos)',
    max: 5,
    windowMinutes: 10,
    env: SUBMISSION_ENV,
  },
  // Per address, whatever the username: caps how many accounts one address can try (the sign-in
  // throttle slows each username and address down besides: admins/login-throttle.ts).
  login: {
    per: 'client',
    counts: 'admin sign-ins (POST /api/admin/login)',
    max: 10,
    windowMinutes: 15,
    env: LOGIN_ENV,
  },
  loginCode: {
    per: 'client',
    counts: "admin sign-ins' one-time codes (POST /api/admin/login/code)",
    max: 10,
    windowMinutes: 15,
    env: LOGIN_ENV,
  },
  employerSignInLink: {
    per: 'client',
    counts: 'employer sign-in links asked for (POST /api/employer/sign-in-link)',
    max: 10,
    windowMinutes: 60,
  },
  // Counted whether or not the address has listings, so the limit tells nothing either.
  employerSignInLinkPerAddress: {
    per: 'address',
    counts: 'employer sign-in links asked for one address',
    max: 3,
    windowMinutes: 60,
  },
  // Counted before the form is read, refused ones too: room for a few corrections.
  applyToJob: {
    per: 'client',
    counts: 'applications sent (POST /api/jobs/:id/applications and the form without JavaScript)',
    max: 10,
    windowMinutes: 60,
  },
  // A person applies to a handful of jobs a day; a script to hundreds.
  applicationsPerAddress: {
    per: 'address',
    counts: 'applications from one e-mail address',
    max: 20,
    windowMinutes: 24 * 60,
  },
  // Bounds what a flood can put in one employer's inbox (and, relayed, their mailbox).
  applicationsPerJob: {
    per: 'job',
    counts: 'applications to one job',
    max: 100,
    windowMinutes: 60,
  },
  subscribeAlert: {
    per: 'client',
    counts: 'job alert subscriptions (POST /api/alerts)',
    max: 10,
    windowMinutes: 60,
  },
  alertConfirmationsPerAddress: {
    per: 'address',
    counts: 'job alert confirmation e-mails to one address',
    max: 3,
    windowMinutes: 60,
  },
  // It bounds what anyone can make the board's domain send.
  alertConfirmations: {
    per: 'board',
    counts: 'job alert confirmation e-mails to all addresses together',
    max: 500,
    windowMinutes: 24 * 60,
    env: { max: 'ALERT_CONFIRMATIONS_PER_DAY' },
  },
  // An address's data (its alerts and applications) by a link e-mailed to it (issue 43).
  requestAlertDataLink: {
    per: 'client',
    counts: 'data links asked for (POST /api/alerts/data-link)',
    max: 10,
    windowMinutes: 60,
  },
  // Counted whether or not the board keeps anything about the address, so the limit tells nothing.
  dataLinksPerAddress: {
    per: 'address',
    counts: 'data links asked for one address',
    max: 3,
    windowMinutes: 60,
  },
  // Issue 45: a person reports a listing or two; a script many. Counted before the report is
  // read, refused ones too. One open report per client and listing besides (reports/).
  reportListing: {
    per: 'client',
    counts: 'listing reports (POST /api/jobs/:id/reports)',
    max: 10,
    windowMinutes: 60,
  },
  // Every client's reports of one listing together: bounds what a crowd of clients can queue
  // about one listing (the threshold takes it off the board long before).
  reportsPerListing: {
    per: 'job',
    counts: 'reports of one listing, from all clients together',
    max: 30,
    windowMinutes: 24 * 60,
  },
  // A page sends at most one report per remote and kind.
  clientErrors: {
    per: 'client',
    counts: "the browsers' reports of remotes that failed (POST /api/client-errors)",
    max: 30,
    windowMinutes: 10,
  },
  memberSignIn: {
    per: 'client',
    counts: 'member sign-ins (POST /api/members/session)',
    max: 30,
    windowMinutes: 10,
  },
  payCheckout: {
    per: 'client',
    counts: 'checkouts started from pay links (POST /api/pay/:token/checkout)',
    max: 20,
    windowMinutes: 10,
  },
  // Each request makes a Stripe Customer and sends an invoice by e-mail (issue 47): fewer than
  // card checkouts, which only open a page.
  payInvoice: {
    per: 'client',
    counts: 'invoices requested from pay links (POST /api/pay/:token/invoice)',
    max: 10,
    windowMinutes: 10,
  },
  renewalCheckout: {
    per: 'client',
    counts: 'checkouts started from renewal links (POST /api/renewals/:token/checkout)',
    max: 20,
    windowMinutes: 10,
  },
  // A check-in is answered once with one press; a few more for a page pressed again.
  answerCheckIn: {
    per: 'client',
    counts: 'still-hiring check-ins answered (POST /api/check-ins/:token)',
    max: 20,
    windowMinutes: 10,
  },
  // Each send of a protected form takes a new challenge (issue 45), and a form left open takes
  // another after its time: far more than a person fills, and a bound on the server's work for them.
  humanProofChallenge: {
    per: 'client',
    counts: 'spam-check challenges issued (GET /api/human-proof/challenge)',
    max: 60,
    windowMinutes: 10,
  },
  // Issue 43, finding 16: a client changing its user agent was counted anew each time (since
  // issue 45 the visitor is the client alone, once per job and day); this bounds what one client
  // counts over all jobs. Two views a minute for an hour is more than a person reads (a shared
  // office address too); past it the beacon still answers 204 and nothing is counted. Kept in
  // memory: a view costs no write.
  jobView: {
    per: 'client',
    counts: 'views counted (POST /api/jobs/:id/view); past it answered, not counted',
    max: 120,
    windowMinutes: 60,
    env: { max: 'VIEW_RATE_LIMIT_MAX' },
    past: 'uncounted',
  },
  // A person clicks Apply on a few jobs; past it the click still goes to the job's address.
  applyClick: {
    per: 'client',
    counts: 'apply clicks counted (GET /jobs/:id/apply); past it sent on, not counted',
    max: 30,
    windowMinutes: 60,
    env: { max: 'APPLY_CLICK_RATE_LIMIT_MAX' },
    past: 'uncounted',
  },
  // Issue 46: an integrator's calls, per API key wherever they come from (an ATS may call from
  // many addresses, and many integrators from one cloud's). An import of a whole board reads a
  // page of 100 a call: 600 in 10 minutes is 60,000 listings.
  integratorReads: {
    per: 'key',
    counts: "an API key's reads of the listings (GET /api/v1/listings)",
    max: 600,
    windowMinutes: 10,
    env: { max: 'API_KEY_READ_RATE_LIMIT_MAX' },
  },
  // An ATS posts the openings a company has: far more than a person's form, and each one is
  // reviewed by an admin, so a bound on what one key can put in the queue.
  integratorSubmissions: {
    per: 'key',
    counts: 'listings submitted with an API key (POST /api/v1/listings)',
    max: 30,
    windowMinutes: 60,
    env: { max: 'API_KEY_SUBMISSION_RATE_LIMIT_MAX' },
  },
} as const satisfies Record<string, RateLimitEntry>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limits in force: the table, with what the environment sets (platform/config.ts). */
export type RateLimits = Record<RateLimitName, RateLimit>;

/** A window in milliseconds, for the services that count over one. */
export const windowMs = (limit: RateLimit): number => limit.windowMinutes * 60_000;

/**
 * The table's figures, each changed by its variables when they are set; `read` is the
 * configuration's reader, which reports a bad value with every other problem at once (once: two
 * entries may share a variable).
 */
export function readRateLimits(
  read: (name: string, parse: (raw: string) => number, fallback: number) => number,
): RateLimits {
  const values = new Map<string, number>();
  const value = (name: string | undefined, fallback: number): number => {
    if (!name) return fallback;
    if (!values.has(name)) values.set(name, read(name, parsePositive, fallback));
    return values.get(name)!;
  };
  const entries = Object.entries(RATE_LIMITS) as [RateLimitName, RateLimitEntry][];
  return Object.fromEntries(
    entries.map(([name, { max, windowMinutes, env }]) => [
      name,
      { max: value(env?.max, max), windowMinutes: value(env?.windowMinutes, windowMinutes) },
    ]),
  ) as RateLimits;
}
