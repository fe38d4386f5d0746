import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { MIN_ADMIN_PASSWORD_LENGTH, SITEMAP_MAX_URLS, type SiteConfig } from '@jobboard/contract';

/**
 * Configuration comes from the environment only. `loadConfig` reads every variable, checks each
 * one and reports all bad values at once, so a misconfigured deploy fails at start with a list
 * of what to fix instead of at the first request.
 */

export type DatabaseConfig =
  { client: 'sqlite'; filename: string } | { client: 'postgres'; connectionString: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** SQLite: read-only connections beside the one writer (SQLITE_READ_CONNECTIONS). */
  sqliteReadConnections: number;
  sessionSecret: string;
  /** True when SESSION_SECRET was not set and a random one was made for this run. */
  sessionSecretGenerated: boolean;
  /** Where the site is reached from outside, without a trailing slash; used in links and cookies. */
  publicUrl: string;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Proxies in front of us whose X-Forwarded-For is believed: none (false), the number of hops
   * nearest to the server, or the proxies' addresses / CIDR ranges. Never "every hop": that lets
   * any client pick its own address and slip past the rate limits.
   */
  trustProxy: TrustProxy;
  /** The publication's names, addresses and links, shown by the shell. */
  site: SiteConfig;
  /** Where the front-end builds are (`<app>/<version>/`) and the file that picks the versions. */
  releasesDir: string;
  remotesConfigFile: string;
  /** Stripe Checkout; null when STRIPE_SECRET_KEY is not set (admins then mark payments by hand). */
  stripe: StripeConfig | null;
  /** Member sign-in through the publication's Ghost site; null when GHOST_URL is not set. */
  ghost: GhostConfig | null;
  mail: MailConfig;
  /**
   * ALERT_DIGEST_INTERVAL_MINUTES: how often the API process looks for job-alert digests that are
   * due (alerts/plugin.ts); 0 turns the scheduler off (tests; or `alerts:send` from cron).
   */
  alertDigestIntervalMinutes: number;
  /** Admin sessions end after this long without use, and after `maxHours` in any case. */
  session: { idleMinutes: number; maxHours: number };
  /** ADMIN_USERNAME / ADMIN_PASSWORD: the first admin, created on start when there is none. */
  firstAdmin: { username: string; password: string } | null;
  /** Submissions accepted per client address in a window (spam defence). */
  submissionRateLimit: { max: number; windowMinutes: number };
  /** LOGIN_RATE_LIMIT_MAX: admin sign-in requests per client address per 15 minutes. */
  loginRateLimitMax: number;
  /**
   * REQUEST_TIMEOUT_SECONDS: a request must arrive whole (headers and body) within this time, or
   * it is answered 408 and its connection closed; a connection silent both ways for twice as
   * long is closed. Slow or stalled clients cannot hold connections open.
   */
  requestTimeoutSeconds: number;
  /** The external job source of the re-sync (GET /api/refresh-jobs); null when none is set. */
  sync: SyncConfig | null;
  /**
   * SITEMAP_URLS_PER_FILE: the most URLs one sitemap file holds (sitemaps.org's 50,000 by
   * default); past it /sitemap.xml becomes a sitemap index. Lowered only to try the index.
   */
  sitemapUrlsPerFile: number;
}

/**
 * Where synced jobs come from: Airtable or a JSON feed, never both (docs/architecture.md,
 * Re-sync).
 */
export interface SyncConfig {
  source:
    | { kind: 'airtable'; apiKey: string; baseId: string; table: string; apiUrl: string }
    | { kind: 'json-feed'; url: string };
  /** SYNC_INTERVAL_MINUTES: a sync every this many minutes in the API process; 0 is off. */
  intervalMinutes: number;
  /** SYNC_REQUEST_TIMEOUT_SECONDS: how long one request to the source may take. */
  requestTimeoutSeconds: number;
  /** SYNC_RETRY_WAIT_SECONDS: the wait after a 429 that names no Retry-After (Airtable's 30 s). */
  retryWaitSeconds: number;
}

export type TrustProxy = false | number | string[];

export interface MailConfig {
  /** smtp(s)://user:password@host:port; null keeps messages in the outbox (and logs them). */
  smtpUrl: string | null;
  from: string;
  /** Where 'new submission' notices go. */
  adminEmail: string;
  /** How often the background sender looks for due messages; 0 turns it off (tests flush). */
  pollSeconds: number;
}

export interface GhostConfig {
  /** The Ghost site's address, without a trailing slash (GHOST_URL). */
  url: string;
  /** GHOST_TIMEOUT_SECONDS: how long fetching the site's member keys may take. */
  timeoutSeconds: number;
}

export interface StripeConfig {
  secretKey: string;
  /** Signing secret of the webhook endpoint; without it no webhook is accepted. */
  webhookSecret: string | null;
  /** Another API host for the official SDK (tests point it at a local fake). */
  api: { protocol: 'http' | 'https'; host: string; port: number } | null;
  /** STRIPE_TIMEOUT_SECONDS: how long one request to Stripe may take (it is tried twice). */
  timeoutSeconds: number;
}

/**
 * Where the repository is: the default place of the front-end builds. Two levels up from this
 * module in api/src/ and, the same depth, from the production bundle in api/dist/.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 32;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = <T>(name: string, parse: (raw: string) => T, fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    try {
      return parse(raw.trim());
    } catch (error) {
      problems.push(`${name} ${(error as Error).message}${shownValue(name, raw)}`);
      return fallback;
    }
  };

  const port = read('PORT', parsePort, 3000);
  const host = read('HOST', (v) => v, '0.0.0.0');
  const databaseUrl = read('DATABASE_URL', parseDatabaseUrl, '');
  const sqliteFile = read('SQLITE_FILE', (v) => v, './data/board.sqlite');
  const sqliteReadConnections = read('SQLITE_READ_CONNECTIONS', parseReadConnections, 4);
  const secret = read('SESSION_SECRET', parseSecret, '');
  const publicUrl = read('PUBLIC_URL', parsePublicUrl, `http://localhost:${port}`);
  const seedDemo = read('SEED_DEMO', parseBoolean, true);
  const logLevel = read('LOG_LEVEL', parseLogLevel, 'info');
  const trustProxy = read('TRUST_PROXY', parseTrustProxy, false as TrustProxy);

  const text = (name: string, fallback: string) => read(name, (v) => v, fallback);
  const site: SiteConfig = {
    boardName: text('BOARD_NAME', 'Nonprofit Comms Jobs'),
    providerName: text('PROVIDER_NAME', 'The Commons Dispatch'),
    contactEmail: read('CONTACT_EMAIL', parseEmail, 'hello@example.org'),
    jobsEmail: read('JOBS_EMAIL', parseEmail, 'jobs@example.org'),
    socialUrl: read('SOCIAL_URL', parseHttpUrl, 'https://bsky.app/profile/example.org'),
    socialLabel: text('SOCIAL_LABEL', 'Follow us on Bluesky'),
    resourcesUrl: read('RESOURCES_URL', parseHttpUrl, 'https://example.org/resources'),
    subscribeUrl: read('SUBSCRIBE_URL', parseHttpUrl, 'https://example.org/subscribe'),
    membershipName: text('MEMBERSHIP_NAME', 'Ghost'),
  };
  const ghostUrl = read('GHOST_URL', parseGhostUrl, '');
  const ghost: GhostConfig | null = ghostUrl
    ? { url: ghostUrl, timeoutSeconds: read('GHOST_TIMEOUT_SECONDS', parseTimeout, 5) }
    : null;
  // The shell offers 'Sign in' (the Ghost portal) only when there is a site to sign in at.
  if (ghost) site.membershipUrl = ghost.url;
  const releasesDir = path.resolve(text('RELEASES_DIR', path.join(REPO_ROOT, 'releases')));
  const remotesConfigFile = path.resolve(
    text('REMOTES_CONFIG', path.join(releasesDir, 'remotes.json')),
  );

  const stripeKey = read('STRIPE_SECRET_KEY', parseStripeKey, '');
  const stripeWebhookSecret = read('STRIPE_WEBHOOK_SECRET', parseWebhookSecret, '');
  const stripeApi = read('STRIPE_API_URL', parseStripeApiUrl, null);
  const stripeTimeoutSeconds = read('STRIPE_TIMEOUT_SECONDS', parseTimeout, 8);
  const stripe: StripeConfig | null = stripeKey
    ? {
        secretKey: stripeKey,
        webhookSecret: stripeWebhookSecret || null,
        api: stripeApi,
        timeoutSeconds: stripeTimeoutSeconds,
      }
    : null;

  const mail: MailConfig = {
    smtpUrl: read('SMTP_URL', parseSmtpUrl, null as string | null),
    from: read('MAIL_FROM', parseMailFrom, `${site.boardName} <${site.jobsEmail}>`),
    adminEmail: read('ADMIN_EMAIL', parseEmail, site.jobsEmail),
    pollSeconds: read('MAIL_POLL_SECONDS', parseCount, 5),
  };
  const alertDigestIntervalMinutes = read('ALERT_DIGEST_INTERVAL_MINUTES', parseCount, 15);
  const session = {
    idleMinutes: read('SESSION_IDLE_MINUTES', parsePositive, 30),
    maxHours: read('SESSION_MAX_HOURS', parsePositive, 12),
  };
  const adminUsername = read('ADMIN_USERNAME', parseUsername, '');
  const adminPassword = read('ADMIN_PASSWORD', parseAdminPassword, '');
  if (
    Boolean(adminUsername) !== Boolean(adminPassword) &&
    !problems.some((p) => p.startsWith('ADMIN_'))
  ) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together (or neither)');
  }
  const firstAdmin =
    adminUsername && adminPassword ? { username: adminUsername, password: adminPassword } : null;
  // Every attempt counts, refused ones too (a wrong promo code): 5 leaves room for a few retries.
  const submissionRateLimit = {
    max: read('SUBMISSION_RATE_LIMIT_MAX', parsePositive, 5),
    windowMinutes: read('SUBMISSION_RATE_LIMIT_WINDOW_MINUTES', parsePositive, 10),
  };

  // Per address, whatever the username: caps how many accounts one address can try.
  const loginRateLimitMax = read('LOGIN_RATE_LIMIT_MAX', parsePositive, 10);

  const requestTimeoutSeconds = read('REQUEST_TIMEOUT_SECONDS', parseTimeout, 30);
  const sitemapUrlsPerFile = read('SITEMAP_URLS_PER_FILE', parseSitemapUrls, SITEMAP_MAX_URLS);

  const airtable = {
    apiKey: read('AIRTABLE_API_KEY', (v) => v, ''),
    baseId: read('AIRTABLE_BASE_ID', parseAirtableBase, ''),
    table: read('AIRTABLE_TABLE', (v) => v, ''),
    apiUrl: read('AIRTABLE_API_URL', parseHttpUrl, 'https://api.airtable.com/v0').replace(
      /\/+$/,
      '',
    ),
  };
  const feedUrl = read('JOB_FEED_URL', parseHttpUrl, '');
  const airtableSet = [airtable.apiKey, airtable.baseId, airtable.table].filter(Boolean).length;
  if (airtableSet > 0 && airtableSet < 3) {
    problems.push('AIRTABLE_API_KEY, AIRTABLE_BASE_ID and AIRTABLE_TABLE must be set together');
  }
  if (airtableSet === 3 && feedUrl) {
    problems.push('Set either the AIRTABLE_* variables or JOB_FEED_URL: jobs sync from one source');
  }
  const syncSource: SyncConfig['source'] | null =
    airtableSet === 3
      ? { kind: 'airtable', ...airtable }
      : feedUrl
        ? { kind: 'json-feed', url: feedUrl }
        : null;
  const syncSettings = {
    intervalMinutes: read('SYNC_INTERVAL_MINUTES', parseSyncInterval, 0),
    requestTimeoutSeconds: read('SYNC_REQUEST_TIMEOUT_SECONDS', parseTimeout, 20),
    retryWaitSeconds: read('SYNC_RETRY_WAIT_SECONDS', parseWaitSeconds, 30),
  };
  const sync: SyncConfig | null = syncSource && { source: syncSource, ...syncSettings };

  if (problems.length) throw new ConfigError(problems);

  return {
    port,
    host,
    database: databaseUrl
      ? { client: 'postgres', connectionString: databaseUrl }
      : { client: 'sqlite', filename: path.resolve(sqliteFile) },
    sqliteReadConnections,
    sessionSecret: secret || randomBytes(32).toString('base64url'),
    sessionSecretGenerated: !secret,
    publicUrl,
    seedDemo,
    logLevel,
    trustProxy,
    site,
    releasesDir,
    remotesConfigFile,
    stripe,
    ghost,
    mail,
    alertDigestIntervalMinutes,
    session,
    firstAdmin,
    submissionRateLimit,
    loginRateLimitMax,
    requestTimeoutSeconds,
    sync,
    sitemapUrlsPerFile,
  };
}

/** Variables that hold a secret, or may: their values are never written anywhere. */
const SECRET_NAMES = ['SECRET', 'PASSWORD', 'SMTP_URL', 'API_KEY'];

/**
 * How a refused value is quoted back, so the operator sees the typo: as it is, except secrets
 * (never) and DATABASE_URL, which may hold a password: only its scheme, host and database are
 * shown, and nothing at all when it cannot be read as a URL (a password with a `#` or `@`, say).
 */
function shownValue(name: string, raw: string): string {
  if (SECRET_NAMES.some((part) => name.includes(part))) return '';
  if (name === 'DATABASE_URL') {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url?.host) return '';
    const hidden = url.username || url.password || url.search || url.hash;
    return ` (got "${url.protocol}//${url.host}${url.pathname}"${hidden ? ', credentials and options hidden' : ''})`;
  }
  return ` (got "${raw}")`;
}

// Each parser returns the value or throws an Error whose message says what is wrong.

function invalid(message: string): never {
  throw new Error(message);
}

function parsePort(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 65535
    ? n
    : invalid('must be a whole number from 0 to 65535');
}

function parseReadConnections(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : invalid('must be a whole number, 1 to 64');
}

/** The fewest URLs a sitemap file may be set to hold: the board's pages and a few jobs. */
export const MIN_SITEMAP_URLS_PER_FILE = 10;

function parseSitemapUrls(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= MIN_SITEMAP_URLS_PER_FILE && n <= SITEMAP_MAX_URLS
    ? n
    : invalid(
        `must be a whole number from ${MIN_SITEMAP_URLS_PER_FILE} to ${SITEMAP_MAX_URLS.toLocaleString('en-US')}`,
      );
}

function parseBoolean(raw: string): boolean {
  const v = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return invalid('must be true or false');
}

/** The most proxies a hop count may name: a larger count is as good as trusting every hop. */
export const MAX_TRUSTED_HOPS = 10;
/** proxy-addr's names for whole ranges: 127.0.0.1/8 and ::1, link-local, private networks. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `false` / unset, a hop count (`1`: the one proxy in front of us), or a comma-separated list of
 * proxy addresses and CIDR ranges (`10.0.0.1, 192.168.0.0/16, loopback`). `true` is refused: it
 * believes every X-Forwarded-For hop, so any client could choose its own address.
 */
function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.toLowerCase();
  if (['true', 'yes', 'on', '*'].includes(value)) {
    return invalid(
      'must not be true: that believes every X-Forwarded-For hop, so any client could choose its address and slip past the rate limits. ' +
        `Write the number of proxies in front of the server (for example TRUST_PROXY=1, at most ${MAX_TRUSTED_HOPS}), ` +
        'or their addresses or CIDR ranges separated by commas (for example TRUST_PROXY=10.0.0.2,192.168.0.0/16, or loopback)',
    );
  }
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_TRUSTED_HOPS
      ? hops
      : invalid(`must name at most ${MAX_TRUSTED_HOPS} proxies (a hop count), or their addresses`);
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length) {
    return invalid(
      `must be a number of proxies (for example 1) or proxy addresses / CIDR ranges separated by commas (for example 10.0.0.2,192.168.0.0/16); not understood: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  return entries;
}

/** An IPv4 / IPv6 address, a CIDR range of one, or one of proxy-addr's range names. */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry.toLowerCase())) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

function parseLogLevel(raw: string): string {
  return LOG_LEVELS.includes(raw) ? raw : invalid(`must be one of ${LOG_LEVELS.join(', ')}`);
}

function parseDatabaseUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url && (url.protocol === 'postgres:' || url.protocol === 'postgresql:')) return raw;
  return invalid(
    'must be a PostgreSQL URL such as postgres://user:password@host:5432/board (leave it unset for SQLite)',
  );
}

function parsePositive(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : invalid('must be a whole number above 0');
}

function parseUsername(raw: string): string {
  return /^[a-zA-Z0-9._@-]{3,100}$/.test(raw)
    ? raw
    : invalid('must be 3 to 100 letters, digits or . _ @ -');
}

function parseAdminPassword(raw: string): string {
  return raw.length >= MIN_ADMIN_PASSWORD_LENGTH
    ? raw
    : invalid(`must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
}

function parseTimeout(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 600
    ? n
    : invalid('must be a whole number of seconds from 1 to 600');
}

/** An Airtable base id: 'app' and 14 letters or digits. */
function parseAirtableBase(raw: string): string {
  return /^app[A-Za-z0-9]{14}$/.test(raw)
    ? raw
    : invalid('must be an Airtable base id: app followed by 14 letters or digits');
}

/** Minutes between scheduled syncs: 0 (off) up to a week. */
function parseSyncInterval(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 10_080
    ? n
    : invalid('must be a whole number of minutes from 0 (off) to 10080 (a week)');
}

/** Seconds, fractions allowed (tests wait a fraction of a second), at most five minutes. */
function parseWaitSeconds(raw: string): number {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 300
    ? n
    : invalid('must be a number of seconds from 0 to 300');
}

function parseCount(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : invalid('must be a whole number');
}

function parseSmtpUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  return url && (url.protocol === 'smtp:' || url.protocol === 'smtps:')
    ? raw
    : invalid('must be an SMTP URL such as smtp://user:password@mail.example.org:587');
}

/** `jobs@example.org` or `Display Name <jobs@example.org>`. */
function parseMailFrom(raw: string): string {
  const match = /^(?:[^<>@]*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match?.[1] ?? match?.[2];
  return address && EMAIL_ADDRESS.test(address)
    ? raw
    : invalid('must be an e-mail address, optionally with a name: Board Name <jobs@example.org>');
}

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseEmail(raw: string): string {
  return EMAIL_ADDRESS.test(raw) ? raw : invalid('must be an e-mail address');
}

function parseHttpUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? raw
    : invalid('must be an http(s) URL');
}

function parseStripeKey(raw: string): string {
  return /^(sk|rk)_(test|live)_\w+$/.test(raw)
    ? raw
    : invalid('must be a Stripe secret key (sk_test_... or sk_live_...)');
}

function parseWebhookSecret(raw: string): string {
  return raw.startsWith('whsec_')
    ? raw
    : invalid('must be a Stripe webhook signing secret (whsec_...)');
}

function parseStripeApiUrl(raw: string): StripeConfig['api'] {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return invalid('must be an http(s) URL such as http://127.0.0.1:12111');
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
  };
}

function parseSecret(raw: string): string {
  return raw.length >= MIN_SECRET_LENGTH
    ? raw
    : invalid(
        `must be at least ${MIN_SECRET_LENGTH} characters (for example: openssl rand -base64 48)`,
      );
}

/**
 * The Ghost site, as its members know it (`https://news.example.org`, or a subfolder install
 * `https://example.org/blog`): the token's issuer is this address plus `/members/api`, so it is
 * kept exactly, without a trailing slash, a query or a fragment.
 */
function parseGhostUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return invalid(
      'must be the http(s) address of the Ghost site, such as https://news.example.org',
    );
  }
  if (url.search || url.hash || url.username || url.password) {
    return invalid(
      'must be the plain address of the Ghost site, without a query, fragment or password',
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function parsePublicUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return url.origin + url.pathname.replace(/\/+$/, '');
  }
  return invalid('must be an http(s) URL such as https://jobs.example.org');
}
