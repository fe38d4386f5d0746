/**
 * What production (NODE_ENV=production) refuses to start without (platform/config.ts), in the
 * words the operator sees, listed with every other bad value in one ConfigError. One home for
 * these checks: the server's start, `jobboard config check` and every command read them here.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env';
import type { MailConfig } from './mail';
import type { StripeConfig } from './payments';

export type TrustProxy = false | string[];

export const PRODUCTION_PROBLEMS = {
  sessionSecretMissing:
    'SESSION_SECRET is required in production: 32 or more random characters, the same for every server process (for example: openssl rand -base64 48)',
  totpKeyMissing:
    "TOTP_ENCRYPTION_KEY is required in production: 32 random bytes in base64, the same for every server process and kept apart from the database and its backups (for example: openssl rand -base64 32). It encrypts the admins' two-factor secrets",
  publicUrlMissing:
    'PUBLIC_URL is required in production: the address visitors use, such as https://jobs.example.org (every link in the e-mails starts with it)',
  httpsWithoutProxy:
    'PUBLIC_URL is https but TRUST_PROXY is not set: behind the TLS proxy every visitor would share its address (one rate limit for all) and the secure sign-in cookie would never be set. ' +
    'Set TRUST_PROXY to the addresses of the proxies in front of the server (for example TRUST_PROXY=127.0.0.1,::1 for nginx or Caddy on this host), or ALLOW_HTTPS_WITHOUT_PROXY=true if TLS ends somewhere that sends no X-Forwarded-For',
  ghostOverHttp:
    "GHOST_URL is http:// in production: the members' identity tokens and their keys would cross the network unencrypted, where anyone on the way can read or change them. Give the Ghost site's https:// address (http:// is taken only for a Ghost on this host: localhost, 127.0.0.1 or ::1)",
  stripeWebhookMissing:
    'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: Stripe would take the payments, but no webhook would be accepted, so no paid listing would ever be published. Add the endpoint https://<your site>/api/stripe/webhook in Stripe and set STRIPE_WEBHOOK_SECRET to its signing secret (whsec_...)',
  smtpMissing:
    "SMTP_URL is required in production: without it no e-mail leaves the board (sign-in links, job alerts, receipts, the admins' notices wait in the outbox). Set SMTP_URL=smtps://user:password@smtp.example.net:465, or MAIL_DISABLED=true to run without e-mail on purpose",
  placeholderSender: (from: string, domain: string) =>
    `MAIL_FROM is "${from}", at ${domain}, a placeholder domain: mail from it is refused or lands in spam, and replies reach nobody. Set MAIL_FROM to the address the board sends from (for example: Jobs Board <jobs@your-domain.org>), or JOBS_EMAIL, which it defaults to`,
  dataDirInRelease: (name: string, dir: string, release: string) =>
    `${name} (${dir}) is inside this release's folder (${release}): the next release would start on an empty database of its own, and deleting this release would delete the data. ` +
    `Set ${name} to a folder outside the releases, such as /var/lib/jobboard (bin/jobboard uses <release>/data when DATA_DIR is unset)`,
} as const;

/** Whether an address names this host (a Ghost beside the API, reached without leaving it). */
export const onThisHost = (url: URL) =>
  url.hostname === 'localhost' ||
  url.hostname === '[::1]' ||
  /^127(?:\.\d{1,3}){3}$/.test(url.hostname);

/**
 * The domains no real mailbox is at: RFC 2606's example domains and TLDs, and this host. `.test`
 * is left out on purpose: it is the test setups' own, and never a production sender by mistake
 * (the board's defaults are at example.org).
 */
function isPlaceholderDomain(domain: string): boolean {
  const name = domain.toLowerCase().replace(/\.$/, '');
  return (
    /(^|\.)example\.(com|net|org)$/.test(name) || /(^|\.)(example|invalid|localhost)$/.test(name)
  );
}

/** The address of a From header, `Name <address>` or the address alone. */
const addressOf = (from: string) => /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/**
 * A path with its symlinks resolved, also when it does not exist yet (the data folder of a first
 * start): the nearest folder that exists is resolved, the rest added. So /opt/jobboard/current/data
 * is seen as inside /opt/jobboard/releases/1.4.0.
 */
function resolvedPath(target: string): string {
  let existing = path.resolve(target);
  const rest: string[] = [];
  while (!existsSync(existing) && path.dirname(existing) !== existing) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  return path.join(realpathSync(existing), ...rest);
}

/** Whether `dir` is `folder` or inside it (both resolved). */
export function isInside(dir: string, folder: string): boolean {
  const relative = path.relative(resolvedPath(folder), resolvedPath(dir));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export interface ProductionSettings {
  publicUrl: string;
  /** 'refused' when TRUST_PROXY's own check refused it (said once, there). */
  trustProxy: TrustProxy | 'refused';
  allowHttpsWithoutProxy: boolean;
  stripe: StripeConfig | null;
  mail: MailConfig;
  dataDir: string;
  /** The SQLite file, when the database is SQLite. */
  sqliteFile: string | null;
  pagesDir: string;
  /** The release bundle's own folder when the server runs from one (platform/layout.ts), else null. */
  releaseDir: string | null;
  /** The problems found so far: a value refused by its own check is not reported again here. */
  problems: readonly string[];
}

/**
 * The production requirements (docs/configuration.md, Production): a session secret shared by
 * every process (a generated one differs per process, so sign-ins fail across them), the key of
 * the admins' two-factor secrets (the same reason, and the development key is public), the public
 * address (links in e-mails), for an https address the proxy that terminates TLS, Ghost over
 * https, and (issue 46) what a site that looks up but cannot work lacks: Stripe's webhook secret,
 * an SMTP server and a real sender, and its data outside the release it runs from.
 */
export function productionProblems(env: Env, settings: ProductionSettings): string[] {
  const unset = (name: string) => (env[name] ?? '').trim() === '';
  const refused = (name: string) => settings.problems.some((p) => p.startsWith(`${name} `));
  const problems: string[] = [];
  if (unset('SESSION_SECRET')) problems.push(PRODUCTION_PROBLEMS.sessionSecretMissing);
  // Issue 43, finding 9: a key made up per process would leave every other process (and the next
  // start) unable to read a secret, and an admin could turn two-factor sign-in on at any time.
  if (unset('TOTP_ENCRYPTION_KEY')) problems.push(PRODUCTION_PROBLEMS.totpKeyMissing);
  if (unset('PUBLIC_URL')) problems.push(PRODUCTION_PROBLEMS.publicUrlMissing);
  else if (
    settings.publicUrl.startsWith('https:') &&
    settings.trustProxy === false &&
    !settings.allowHttpsWithoutProxy
  ) {
    problems.push(PRODUCTION_PROBLEMS.httpsWithoutProxy);
  }
  // Issue 43, finding 17. A GHOST_URL that is no address at all is reported by its own check.
  const ghost = URL.canParse(env.GHOST_URL ?? '') ? new URL(env.GHOST_URL!) : null;
  if (ghost?.protocol === 'http:' && !onThisHost(ghost)) {
    problems.push(PRODUCTION_PROBLEMS.ghostOverHttp);
  }
  if (settings.stripe && !settings.stripe.webhookSecret && !refused('STRIPE_WEBHOOK_SECRET')) {
    problems.push(PRODUCTION_PROBLEMS.stripeWebhookMissing);
  }
  // A refused MAIL_DISABLED, SMTP_URL or MAIL_FROM is said by its own check, once.
  if (!settings.mail.disabled && !refused('MAIL_DISABLED')) {
    if (!settings.mail.smtpUrl && !refused('SMTP_URL')) {
      problems.push(PRODUCTION_PROBLEMS.smtpMissing);
    }
    const domain = addressOf(settings.mail.from).split('@').pop() ?? '';
    if (!refused('MAIL_FROM') && isPlaceholderDomain(domain)) {
      problems.push(PRODUCTION_PROBLEMS.placeholderSender(settings.mail.from, domain));
    }
  }
  if (settings.releaseDir) {
    const release = settings.releaseDir;
    const folders: [string, string | null][] = [
      ['DATA_DIR', settings.dataDir],
      // Set apart from DATA_DIR, each is the same trap; left to DATA_DIR's message otherwise.
      ['SQLITE_FILE', unset('SQLITE_FILE') ? null : settings.sqliteFile],
      ['PAGES_DIR', unset('PAGES_DIR') ? null : settings.pagesDir],
    ];
    for (const [name, dir] of folders) {
      if (dir && isInside(dir, release)) {
        problems.push(PRODUCTION_PROBLEMS.dataDirInRelease(name, dir, resolvedPath(release)));
      }
    }
  }
  return problems;
}
