/**
 * Configuration comes from the environment only. `loadConfig` reads every variable, checks each
 * one and reports all bad values at once, so a misconfigured deploy fails at start with a list
 * of what to fix instead of at the first request. Each area's variables are read in config/
 * (the database, the server, the site, payments, mail, the admins, operations, the sync), in
 * the order the list of problems gives them.
 */
import { randomBytes } from 'node:crypto';
import type { SiteConfig } from '@jobboard/contract/site';
import {
  parseBoolean,
  parseCount,
  parseHourOfDay,
  parsePort,
  parsePositive,
  type Admin2fa,
} from './config-values';
import { readAdmins, type TotpEncryptionConfig } from './config/admins';
import { readBackups, type BackupConfig } from './config/backups';
import { readDatabase, type DatabaseConfig, type ReadReplicasConfig } from './config/database';
import { envReader, type Env } from './config/env';
import { readHumanProof, type HumanProofConfig } from './config/human-proof';
import { readLinkChecks, type LinkCheckConfig } from './config/link-checks';
import { readMail, type MailConfig } from './config/mail';
import { readOperations } from './config/operations';
import { readStripe, type StripeConfig } from './config/payments';
import { productionProblems, type TrustProxy } from './config/production';
import { readServer } from './config/server';
import { readSite, type GhostConfig } from './config/site';
import { readSocial, type SocialConfig } from './config/social';
import { readSync, type SyncConfig } from './config/sync';
import { RELEASE_DIR } from './layout';
import { readRateLimits, type RateLimits } from './rate-limits';

export { databaseUrlShown } from './config/env';
export {
  READ_REPLICAS_NEED_POSTGRES,
  type DatabaseConfig,
  type ReadReplicasConfig,
} from './config/database';
export type { TotpEncryptionConfig } from './config/admins';
export { HUMAN_PROOF_SECRET_MISSING, type HumanProofConfig } from './config/human-proof';
export type { LinkCheckConfig } from './config/link-checks';
export { MAIL_DISABLED_WITH_SMTP, type MailConfig } from './config/mail';
export type { StripeConfig } from './config/payments';
export { PRODUCTION_PROBLEMS, type TrustProxy } from './config/production';
export { PROXIED_DEFAULT_HOST } from './config/server';
export type { GhostConfig } from './config/site';
export type { BlueskyConfig, MastodonConfig, SocialConfig, WebhookConfig } from './config/social';
export type { SyncConfig } from './config/sync';

export interface Config {
  port: number;
  /**
   * HOST: the interface to listen on; by default 0.0.0.0, or 127.0.0.1 when TRUST_PROXY is set
   * (issue 46: behind a proxy the port is not for visitors to reach directly).
   */
  host: string;
  /** HOST was unset and TRUST_PROXY set, so the server listens on 127.0.0.1 (said at start). */
  hostForProxy: boolean;
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
   * Proxies in front of us whose X-Forwarded-For is believed: none (false), or the proxies'
   * addresses / CIDR ranges, believed only from a request whose socket address is one of them.
   * Never "every hop" nor a hop count (issue 46): either lets a client that reaches the port pick
   * its own address and slip past the rate limits.
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
   * How often a process runs the still-hiring check-ins (check-ins/check-in-run.ts: those due
   * sent, those unanswered flagged): CHECK_IN_INTERVAL_MINUTES (0: never; `jobboard check-ins
   * run` from cron instead). The ages and the rest are the admins' settings.
   */
  checkInIntervalMinutes: number;
  /**
   * The employers' daily digest of applications (applications/upkeep/digest.ts):
   * APPLICATION_DIGEST_HOUR, the hour of the day (UTC) from which each day's digest is sent, and
   * APPLICATION_DIGEST_INTERVAL_MINUTES, how often a process looks for the digests due (0: never;
   * `jobboard applications digest` from cron instead).
   */
  applicationDigest: { hour: number; intervalMinutes: number };
  /**
   * NEWSLETTER_DRAFT_INTERVAL_MINUTES: how often a process looks whether the weekly newsletter
   * draft is due (newsletter/weekly-draft.ts; the schedule itself is set on /admin/newsletter,
   * off by default). 0: never (`jobboard newsletter draft` from cron instead).
   */
  newsletterDraftIntervalMinutes: number;
  /**
   * LOGO_FETCH: whether this process fetches company logos in the background after job changes
   * (logos/plugin.ts; on by default). Off, logos are fetched only by `jobboard logos fetch`.
   */
  logoFetch: boolean;
  /**
   * The application-link checker (link-checks/, issue 45): LINK_CHECK_INTERVAL_MINUTES,
   * LINK_CHECK_BATCH, LINK_CHECK_RECHECK_HOURS, LINK_CHECK_RETRY_MINUTES,
   * LINK_CHECK_TIMEOUT_SECONDS, LINK_CHECK_HOST_GAP_SECONDS and LINK_CHECK_CONCURRENCY.
   */
  linkChecks: LinkCheckConfig;
  /**
   * Every rate limit, as platform/rate-limits.ts's table names them, with what SUBMISSION_RATE_LIMIT_MAX,
   * SUBMISSION_RATE_LIMIT_WINDOW_MINUTES, LOGIN_RATE_LIMIT_MAX, ALERT_CONFIRMATIONS_PER_DAY,
   * VIEW_RATE_LIMIT_MAX and APPLY_CLICK_RATE_LIMIT_MAX set.
   */
  rateLimits: RateLimits;
  /**
   * How long data is kept before the retention run removes it (retention/retention.ts):
   * RETAIN_UNCONFIRMED_ALERTS_HOURS (unconfirmed job alerts), RETAIN_SENT_EMAIL_BODIES_DAYS (the
   * body of a sent e-mail; its row stays), RETAIN_SENT_EMAIL_RECIPIENTS_DAYS (a sent or given-up
   * e-mail's recipient and headers; template, subject, state and times stay) and
   * RETAIN_REJECTED_CONTACT_DAYS (a rejected
   * submission's contact details; the submission stays), APPLICATION_RETENTION_DAYS (an
   * application and its résumé, counted from the end of its listing). RETENTION_INTERVAL_MINUTES:
   * how often a process runs it (0: never; `jobboard retention run` from cron instead).
   */
  retention: {
    unconfirmedAlertsHours: number;
    sentEmailBodiesDays: number;
    sentEmailRecipientsDays: number;
    rejectedContactDays: number;
    applicationDays: number;
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
   * TOTP_ENCRYPTION_KEY (required in production) and TOTP_ENCRYPTION_KEY_PREVIOUS: the keys the
   * admins' two-factor secrets are encrypted with (AES-256-GCM, admins/totp-encryption.ts).
   */
  totpEncryption: TotpEncryptionConfig;
  /**
   * HUMAN_PROOF_SECRET (required in production) and HUMAN_PROOF_SECRET_PREVIOUS: the keys the spam
   * check's challenges are signed with (human-proof/, issue 45).
   */
  humanProof: HumanProofConfig;
  /**
   * REQUEST_TIMEOUT_SECONDS: a request must arrive whole (headers and body) within this time, or
   * it is answered 408 and its connection closed; a connection silent both ways for twice as
   * long is closed. Slow or stalled clients cannot hold connections open.
   */
  requestTimeoutSeconds: number;
  /** The external job source of the re-sync (GET /api/refresh-jobs); null when none is set. */
  sync: SyncConfig | null;
  /**
   * The channels new listings are posted to (social/, issue 44): the Bluesky account
   * (BLUESKY_HANDLE, BLUESKY_APP_PASSWORD, BLUESKY_SERVICE), the Mastodon account (MASTODON_URL,
   * MASTODON_ACCESS_TOKEN), the chat webhook (SOCIAL_WEBHOOK_URL, SOCIAL_WEBHOOK_FORMAT), each
   * null when not set; SOCIAL_POLL_SECONDS and SOCIAL_TIMEOUT_SECONDS.
   */
  social: SocialConfig;
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
  /**
   * CORS_ORIGINS (issue 46): the origins whose pages may read the public reads (the endpoints the
   * contract marks `crossOrigin`, platform/plugins/cross-origin.ts); `['*']`: any; empty: none.
   */
  corsOrigins: readonly string[];
  /**
   * Scheduled backups (backup/plugin.ts): BACKUP_SCHEDULE (`03:00` daily in UTC, `6h` every six
   * hours; off by default) and BACKUP_KEEP (how many DATA_DIR/backups keeps, 7 by default).
   */
  backups: BackupConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Where the code runs from: a release bundle's own folder, or null in a checkout (platform/layout.ts). */
export interface CodeLayout {
  releaseDir: string | null;
}

export function loadConfig(
  env: Env = process.env,
  layout: CodeLayout = { releaseDir: RELEASE_DIR },
): Config {
  const problems: string[] = [];
  const read = envReader(env, problems);

  const port = read('PORT', parsePort, 3000);
  const { database, readReplicas, dataDir, pagesDir, sqliteReadConnections } = readDatabase(
    read,
    problems,
  );
  const server = readServer(read, env, port);
  const { production, secret, publicUrl, seedDemo, migrateOnStart, logLevel, trustProxy } = server;
  const { site, boardCurrency, ghost, releasesDir, remotesConfigFile } = readSite(read, problems);
  const stripe = readStripe(read);
  const mail = readMail(read, site, problems);
  if (production) {
    problems.push(
      ...productionProblems(env, {
        publicUrl,
        // A TRUST_PROXY refused by its own check is reported as it is, not again as missing.
        trustProxy: problems.some((p) => p.startsWith('TRUST_PROXY ')) ? 'refused' : trustProxy,
        allowHttpsWithoutProxy: server.allowHttpsWithoutProxy,
        stripe,
        mail,
        dataDir,
        sqliteFile: database.client === 'sqlite' ? database.filename : null,
        pagesDir,
        releaseDir: layout.releaseDir,
        problems,
      }),
    );
  }
  const alertDigestIntervalMinutes = read('ALERT_DIGEST_INTERVAL_MINUTES', parseCount, 15);
  const renewalReminderIntervalMinutes = read('RENEWAL_REMINDER_INTERVAL_MINUTES', parseCount, 60);
  const checkInIntervalMinutes = read('CHECK_IN_INTERVAL_MINUTES', parseCount, 60);
  const applicationDigest = {
    hour: read('APPLICATION_DIGEST_HOUR', parseHourOfDay, 13),
    intervalMinutes: read('APPLICATION_DIGEST_INTERVAL_MINUTES', parseCount, 60),
  };
  const newsletterDraftIntervalMinutes = read('NEWSLETTER_DRAFT_INTERVAL_MINUTES', parseCount, 15);
  const logoFetch = read('LOGO_FETCH', parseBoolean, true);
  const linkChecks = readLinkChecks(read);
  const rateLimits = readRateLimits(read);
  const retention = {
    unconfirmedAlertsHours: read('RETAIN_UNCONFIRMED_ALERTS_HOURS', parsePositive, 48),
    sentEmailBodiesDays: read('RETAIN_SENT_EMAIL_BODIES_DAYS', parsePositive, 30),
    sentEmailRecipientsDays: read('RETAIN_SENT_EMAIL_RECIPIENTS_DAYS', parsePositive, 90),
    rejectedContactDays: read('RETAIN_REJECTED_CONTACT_DAYS', parsePositive, 180),
    applicationDays: read('APPLICATION_RETENTION_DAYS', parsePositive, 180),
    intervalMinutes: read('RETENTION_INTERVAL_MINUTES', parseCount, 60),
  };
  const { session, firstAdmin, admin2fa, totpEncryption } = readAdmins(read, problems);
  const humanProof = readHumanProof(read, env, problems);
  const {
    requestTimeoutSeconds,
    sitemapUrlsPerFile,
    serverRender,
    metrics,
    pressure,
    corsOrigins,
  } = readOperations(read);
  const sync = readSync(read, problems);
  const social = readSocial(read, env, problems, production);
  const backups = readBackups(read);

  if (problems.length) throw new ConfigError(problems);

  return {
    port,
    host: server.host,
    hostForProxy: server.hostForProxy,
    database,
    readReplicas,
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
    checkInIntervalMinutes,
    applicationDigest,
    newsletterDraftIntervalMinutes,
    logoFetch,
    linkChecks,
    rateLimits,
    retention,
    session,
    firstAdmin,
    admin2fa,
    totpEncryption,
    humanProof,
    requestTimeoutSeconds,
    sync,
    social,
    sitemapUrlsPerFile,
    serverRender,
    metrics,
    pressure,
    corsOrigins,
    backups,
  };
}
