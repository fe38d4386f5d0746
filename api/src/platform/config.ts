import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_CURRENCY, SITEMAP_MAX_URLS } from '@jobboard/contract/jobs';
import { type SiteConfig } from '@jobboard/contract/site';
import {
  parsePort,
  parseReadConnections,
  parseSitemapUrls,
  parseAdmin2fa,
  parseBoolean,
  type Admin2fa,
  parseTrustProxy,
  parseLogLevel,
  parseDatabaseUrl,
  parseReadUrls,
  parseReplicaCheckMs,
  parsePositive,
  parseUsername,
  parseAdminPassword,
  parseTimeout,
  parseAirtableBase,
  parseSyncInterval,
  parseWaitSeconds,
  parseCount,
  parseSmtpUrl,
  parseMailFrom,
  parseEmail,
  parseCurrency,
  parseHttpUrl,
  parseStripeKey,
  parseWebhookSecret,
  parseStripeApiUrl,
  parseSecret,
  parseGhostUrl,
  parsePublicUrl,
  parseRenderTimeout,
  parseRenderHeap,
  parseEventLoopDelayLimit,
  parseHeapLimit,
  parseSmtpConnections,
} from './config-values';
import { readRateLimits, type RateLimits } from './rate-limits';
import { CODE_DIR } from './layout';

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
  /**
   * DATA_DIR (absolute): the server's own files, never in the code's folder: the SQLite file (by
   * default), `jobboard backup`'s backups, the first admin's password file.
   */
  dataDir: string;
  /**
   * PAGES_DIR (absolute): the publication's own legal pages (privacy.md, terms.md, refunds.md),
   * each replacing the text the board ships (api/pages); by default DATA_DIR/pages.
   */
  pagesDir: string;
  /**
   * PostgreSQL read replicas (DATABASE_READ_URL, READ_REPLICA_MAX_LAG_SECONDS,
   * READ_REPLICA_CHECK_MS): where the public reads go (platform/db/read-replicas.ts); null without any.
   */
  readReplicas: ReadReplicasConfig | null;
  /** SQLite: read-only connections beside the one writer (SQLITE_READ_CONNECTIONS). */
  sqliteReadConnections: number;
  sessionSecret: string;
  /** True when SESSION_SECRET was not set and a random one was made for this run. */
  sessionSecretGenerated: boolean;
  /** Where the site is reached from outside, without a trailing slash; used in links and cookies. */
  publicUrl: string;
  seedDemo: boolean;
  /** NODE_ENV=production: the settings a real deploy needs are required (productionProblems). */
  production: boolean;
  /**
   * MIGRATE_ON_START: the server applies pending migrations as it starts. Off by default: the
   * operator runs them (`jobboard migrate`) before switching to a new release, and /readyz
   * answers 503 while the schema is behind. The quick start and the tests turn it on.
   */
  migrateOnStart: boolean;
  logLevel: string;
  /**
   * Proxies in front of us whose X-Forwarded-For is believed: none (false), the number of hops
   * nearest to the server, or the proxies' addresses / CIDR ranges. Never "every hop": that lets
   * any client pick its own address and slip past the rate limits.
   */
  trustProxy: TrustProxy;
  /** The publication's names, addresses and links, shown by the shell. */
  site: SiteConfig;
  /**
   * BOARD_CURRENCY (ISO 4217, default USD): pay is given in it unless a job names another, and
   * the salary filters compare pay in it (docs/product.md#pay). The shell has it as site.currency.
   */
  boardCurrency: string;
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
  /**
   * How often a process sends the renewal reminders due (renewals/reminders.ts):
   * RENEWAL_REMINDER_INTERVAL_MINUTES (0: never; `jobboard renewals remind` from cron instead).
   */
  renewalReminderIntervalMinutes: number;
  /**
   * LOGO_FETCH: whether this process fetches company logos in the background after job changes
   * (logos/plugin.ts; on by default). Off, logos are fetched only by `jobboard logos fetch`.
   */
  logoFetch: boolean;
  /**
   * Every rate limit, as platform/rate-limits.ts's table names them, with what SUBMISSION_RATE_LIMIT_MAX,
   * SUBMISSION_RATE_LIMIT_WINDOW_MINUTES, LOGIN_RATE_LIMIT_MAX and ALERT_CONFIRMATIONS_PER_DAY set.
   */
  rateLimits: RateLimits;
  /**
   * How long data is kept before the retention run removes it (retention/retention.ts):
   * RETAIN_UNCONFIRMED_ALERTS_HOURS (unconfirmed job alerts), RETAIN_SENT_EMAIL_BODIES_DAYS (the
   * body of a sent e-mail; its row stays) and RETAIN_REJECTED_CONTACT_DAYS (a rejected
   * submission's contact details; the submission stays). RETENTION_INTERVAL_MINUTES: how often a
   * process runs it (0: never; `jobboard retention run` from cron instead).
   */
  retention: {
    unconfirmedAlertsHours: number;
    sentEmailBodiesDays: number;
    rejectedContactDays: number;
    intervalMinutes: number;
  };
  /** Admin sessions end after this long without use, and after `maxHours` in any case. */
  session: { idleMinutes: number; maxHours: number };
  /** ADMIN_USERNAME / ADMIN_PASSWORD: the first admin, created on start when there is none. */
  firstAdmin: { username: string; password: string } | null;
  /**
   * ADMIN_2FA: `optional` (the default: each admin chooses to enrol a one-time code app) or
   * `required` (an admin without it is sent to enrolment and has no other admin access until enrolled).
   */
  admin2fa: Admin2fa;
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
  /**
   * The limits of a first view drawn on the server (site/server-render.ts), in worker threads:
   * SERVER_RENDER_TIMEOUT_MS, past which a render is ended and the browser draws the page, and
   * SERVER_RENDER_MAX_HEAP_MB, the heap of each render worker.
   */
  serverRender: { timeoutMs: number; maxHeapMb: number };
  /**
   * GET /metrics in Prometheus format (platform/ops/metrics.ts), never public by default: METRICS_TOKEN, the
   * Bearer token it asks for on the main port; METRICS_PORT, a listener of its own on METRICS_HOST
   * (127.0.0.1 by default) that serves nothing else. Neither set: /metrics is not served.
   */
  metrics: { token: string | null; port: number | null; host: string };
  /**
   * Overload shedding (@fastify/under-pressure, platform/plugins/under-pressure.ts): past either limit every
   * request but /healthz and /metrics is answered 503 with Retry-After. 0 turns a limit off.
   */
  pressure: { maxEventLoopDelayMs: number; maxHeapMb: number; retryAfterSeconds: number };
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

export interface ReadReplicasConfig {
  /** Each replica's connection string (they may hold a password: never logged, see replicaName). */
  urls: string[];
  /** A replica further behind the primary than this is skipped until it catches up. */
  maxLagSeconds: number;
  /** How often each replica's health and lag are read, in the background. */
  checkIntervalMs: number;
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
  /** SMTP_MAX_CONNECTIONS: connections the pooled transport keeps open to the SMTP server. */
  maxConnections: number;
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
 * Where the repository is: the default place of the front-end builds. Two levels up from the
 * API's code, api/src/ or, the same depth, the production bundle's api/dist/.
 */
const REPO_ROOT = path.resolve(CODE_DIR, '..', '..');

/**
 * A first view drawn on the server takes a few milliseconds to a few tens (docs/operations.md has
 * the figures); past a second the page is better drawn in the browser than waited for.
 */
const DEFAULT_RENDER_TIMEOUT_MS = 1000;
/**
 * Each render worker's heap: one set of versions' entries take about 15 MB loaded and 35 MB after
 * fifty pages (docs/operations.md); a leak is stopped at four times that, per worker.
 */
const DEFAULT_RENDER_HEAP_MB = 128;

/**
 * A second of event-loop delay (averaged over a second) means every request already waits that long
 * in line: past it new ones are turned away with 503 + Retry-After rather than queued further.
 */
const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1000;
/** What a client turned away under pressure is told to wait (Retry-After, seconds). */
const PRESSURE_RETRY_AFTER_SECONDS = 10;
/**
 * The heap limit by default: 90% of the heap V8 allows this process (--max-old-space-size or its
 * own default), so requests are shed before the process runs out of memory and dies with every
 * request in flight.
 */
function defaultMaxHeapMb(): number {
  return Math.floor((getHeapStatistics().heap_size_limit * 0.9) / (1024 * 1024));
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * What production (NODE_ENV=production) refuses to start without, in the words the operator sees
 * (listed with every other bad value, platform/config.ts's ConfigError).
 */
export const PRODUCTION_PROBLEMS = {
  sessionSecretMissing:
    'SESSION_SECRET is required in production: 32 or more random characters, the same for every server process (for example: openssl rand -base64 48)',
  publicUrlMissing:
    'PUBLIC_URL is required in production: the address visitors use, such as https://jobs.example.org (every link in the e-mails starts with it)',
  httpsWithoutProxy:
    'PUBLIC_URL is https but TRUST_PROXY is not set: behind the TLS proxy every visitor would share its address (one rate limit for all) and the secure sign-in cookie would never be set. ' +
    'Set TRUST_PROXY to the proxies in front of the server (for example TRUST_PROXY=1), or ALLOW_HTTPS_WITHOUT_PROXY=true if TLS ends somewhere that sends no X-Forwarded-For',
} as const;

/**
 * The production requirements (docs/configuration.md, Production): a session secret shared by
 * every process (a generated one differs per process, so sign-ins fail across them), the public
 * address (links in e-mails), and, for an https address, the proxy that terminates TLS. A value
 * set but malformed is reported once, by its own check, not again here.
 */
function productionProblems(
  env: Env,
  settings: {
    publicUrl: string;
    trustProxy: TrustProxy | 'refused';
    allowHttpsWithoutProxy: boolean;
  },
): string[] {
  const unset = (name: string) => (env[name] ?? '').trim() === '';
  const problems: string[] = [];
  if (unset('SESSION_SECRET')) problems.push(PRODUCTION_PROBLEMS.sessionSecretMissing);
  if (unset('PUBLIC_URL')) problems.push(PRODUCTION_PROBLEMS.publicUrlMissing);
  else if (
    settings.publicUrl.startsWith('https:') &&
    settings.trustProxy === false &&
    !settings.allowHttpsWithoutProxy
  ) {
    problems.push(PRODUCTION_PROBLEMS.httpsWithoutProxy);
  }
  return problems;
}

/** DATABASE_READ_URL without a PostgreSQL DATABASE_URL, in the words the operator sees. */
export const READ_REPLICAS_NEED_POSTGRES =
  'DATABASE_READ_URL needs a PostgreSQL DATABASE_URL: read replicas copy a PostgreSQL primary (on SQLite the board reads through SQLITE_READ_CONNECTIONS instead; unset DATABASE_READ_URL)';

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
  const readUrls = read('DATABASE_READ_URL', parseReadUrls, [] as string[]);
  const replicaMaxLag = read('READ_REPLICA_MAX_LAG_SECONDS', parsePositive, 30);
  const replicaCheckMs = read('READ_REPLICA_CHECK_MS', parseReplicaCheckMs, 2000);
  // Replicas copy a PostgreSQL primary; SQLite has its own read connections instead.
  if (readUrls.length && !databaseUrl && !problems.some((p) => p.startsWith('DATABASE_URL '))) {
    problems.push(READ_REPLICAS_NEED_POSTGRES);
  }
  // The server's own files: the SQLite file, backups, the first admin's password file.
  const dataDir = path.resolve(read('DATA_DIR', (v) => v, './data'));
  const sqliteFile = read('SQLITE_FILE', (v) => v, path.join(dataDir, 'board.sqlite'));
  const pagesDir = path.resolve(read('PAGES_DIR', (v) => v, path.join(dataDir, 'pages')));
  const sqliteReadConnections = read('SQLITE_READ_CONNECTIONS', parseReadConnections, 4);
  const production = env.NODE_ENV === 'production';
  const secret = read('SESSION_SECRET', parseSecret, '');
  const publicUrl = read('PUBLIC_URL', parsePublicUrl, `http://localhost:${port}`);
  // Demo jobs only when asked in production: an emptied board must not fill itself again.
  const seedDemo = read('SEED_DEMO', parseBoolean, !production);
  const migrateOnStart = read('MIGRATE_ON_START', parseBoolean, false);
  const allowHttpsWithoutProxy = read('ALLOW_HTTPS_WITHOUT_PROXY', parseBoolean, false);
  const logLevel = read('LOG_LEVEL', parseLogLevel, 'info');
  const trustProxy = read('TRUST_PROXY', parseTrustProxy, false as TrustProxy);
  if (production) {
    // A TRUST_PROXY refused above is reported as it is, not again as missing.
    const proxyRefused = problems.some((problem) => problem.startsWith('TRUST_PROXY '));
    problems.push(
      ...productionProblems(env, {
        publicUrl,
        trustProxy: proxyRefused ? 'refused' : trustProxy,
        allowHttpsWithoutProxy,
      }),
    );
  }

  const text = (name: string, fallback: string) => read(name, (v) => v, fallback);
  const boardCurrency = read('BOARD_CURRENCY', parseCurrency, DEFAULT_CURRENCY);
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
    currency: boardCurrency,
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
    maxConnections: read('SMTP_MAX_CONNECTIONS', parseSmtpConnections, 5),
  };
  const alertDigestIntervalMinutes = read('ALERT_DIGEST_INTERVAL_MINUTES', parseCount, 15);
  const renewalReminderIntervalMinutes = read('RENEWAL_REMINDER_INTERVAL_MINUTES', parseCount, 60);
  const logoFetch = read('LOGO_FETCH', parseBoolean, true);
  const rateLimits = readRateLimits(read);
  const retention = {
    unconfirmedAlertsHours: read('RETAIN_UNCONFIRMED_ALERTS_HOURS', parsePositive, 48),
    sentEmailBodiesDays: read('RETAIN_SENT_EMAIL_BODIES_DAYS', parsePositive, 30),
    rejectedContactDays: read('RETAIN_REJECTED_CONTACT_DAYS', parsePositive, 180),
    intervalMinutes: read('RETENTION_INTERVAL_MINUTES', parseCount, 60),
  };
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
  const admin2fa = read('ADMIN_2FA', parseAdmin2fa, 'optional' as Admin2fa);

  const requestTimeoutSeconds = read('REQUEST_TIMEOUT_SECONDS', parseTimeout, 30);
  const sitemapUrlsPerFile = read('SITEMAP_URLS_PER_FILE', parseSitemapUrls, SITEMAP_MAX_URLS);
  const serverRender = {
    timeoutMs: read('SERVER_RENDER_TIMEOUT_MS', parseRenderTimeout, DEFAULT_RENDER_TIMEOUT_MS),
    maxHeapMb: read('SERVER_RENDER_MAX_HEAP_MB', parseRenderHeap, DEFAULT_RENDER_HEAP_MB),
  };

  const metrics = {
    token: read('METRICS_TOKEN', parseSecret, null as string | null),
    port: read('METRICS_PORT', parsePort, null as number | null),
    host: text('METRICS_HOST', '127.0.0.1'),
  };
  const pressure = {
    maxEventLoopDelayMs: read(
      'PRESSURE_MAX_EVENT_LOOP_DELAY_MS',
      parseEventLoopDelayLimit,
      DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
    ),
    maxHeapMb: read('PRESSURE_MAX_HEAP_MB', parseHeapLimit, defaultMaxHeapMb()),
    retryAfterSeconds: PRESSURE_RETRY_AFTER_SECONDS,
  };

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
    readReplicas:
      databaseUrl && readUrls.length
        ? { urls: readUrls, maxLagSeconds: replicaMaxLag, checkIntervalMs: replicaCheckMs }
        : null,
    dataDir,
    pagesDir,
    sqliteReadConnections,
    sessionSecret: secret || randomBytes(32).toString('base64url'),
    sessionSecretGenerated: !secret,
    publicUrl,
    seedDemo,
    production,
    migrateOnStart,
    logLevel,
    trustProxy,
    site,
    boardCurrency,
    releasesDir,
    remotesConfigFile,
    stripe,
    ghost,
    mail,
    alertDigestIntervalMinutes,
    renewalReminderIntervalMinutes,
    logoFetch,
    rateLimits,
    retention,
    session,
    firstAdmin,
    admin2fa,
    requestTimeoutSeconds,
    sync,
    sitemapUrlsPerFile,
    serverRender,
    metrics,
    pressure,
  };
}

/** Variables that hold a secret, or may: their values are never written anywhere. */
const SECRET_NAMES = ['SECRET', 'PASSWORD', 'SMTP_URL', 'API_KEY', 'TOKEN'];

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
  if (name === 'DATABASE_READ_URL') {
    // Each URL as DATABASE_URL's: a part that cannot be read as a URL is not quoted at all.
    const parts = raw.split(',').map((part) => part.trim());
    const hidden = parts.some((part) => {
      const url = URL.canParse(part) ? new URL(part) : null;
      return !url?.host || url.username || url.password || url.search || url.hash;
    });
    return ` (got "${parts.map(databaseUrlShown).join(',')}"${hidden ? ', credentials and options hidden' : ''})`;
  }
  return ` (got "${raw}")`;
}

/**
 * A database URL as it may be written in a log, a metric or a message: its scheme, host, port and
 * database, never its user, password or options (`postgres://replica1:5432/board`); `[hidden]`
 * when it cannot be read as a URL (a password with a `#` or `@`).
 */
export function databaseUrlShown(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url?.host) return '[hidden]';
  return `${url.protocol}//${url.host}${url.pathname}`;
}
