/**
 * The server process (platform/config.ts): its public address, session secret, demo data,
 * migrations, log level and the proxies it believes, and what production refuses to start without.
 */
import {
  parseBoolean,
  parseLogLevel,
  parsePublicUrl,
  parseSecret,
  parseTrustProxy,
} from '../config-values';
import type { Env, Read } from './env';

export type TrustProxy = false | number | string[];

/**
 * What production (NODE_ENV=production) refuses to start without, in the words the operator sees
 * (listed with every other bad value, platform/config.ts's ConfigError).
 */
export const PRODUCTION_PROBLEMS = {
  sessionSecretMissing:
    'SESSION_SECRET is required in production: 32 or more random characters, the same for every server process (for example: openssl rand -base64 48)',
  totpKeyMissing:
    "TOTP_ENCRYPTION_KEY is required in production: 32 random bytes in base64, the same for every server process and kept apart from the database and its backups (for example: openssl rand -base64 32). It encrypts the admins' two-factor secrets",
  publicUrlMissing:
    'PUBLIC_URL is required in production: the address visitors use, such as https://jobs.example.org (every link in the e-mails starts with it)',
  httpsWithoutProxy:
    'PUBLIC_URL is https but TRUST_PROXY is not set: behind the TLS proxy every visitor would share its address (one rate limit for all) and the secure sign-in cookie would never be set. ' +
    'Set TRUST_PROXY to the proxies in front of the server (for example TRUST_PROXY=1), or ALLOW_HTTPS_WITHOUT_PROXY=true if TLS ends somewhere that sends no X-Forwarded-For',
  ghostOverHttp:
    "GHOST_URL is http:// in production: the members' identity tokens and their keys would cross the network unencrypted, where anyone on the way can read or change them. Give the Ghost site's https:// address (http:// is taken only for a Ghost on this host: localhost, 127.0.0.1 or ::1)",
} as const;

/** Whether an address names this host (a Ghost beside the API, reached without leaving it). */
export const onThisHost = (url: URL) =>
  url.hostname === 'localhost' ||
  url.hostname === '[::1]' ||
  /^127(?:\.\d{1,3}){3}$/.test(url.hostname);

/**
 * The production requirements (docs/configuration.md, Production): a session secret shared by
 * every process (a generated one differs per process, so sign-ins fail across them), the key of
 * the admins' two-factor secrets (the same reason, and the development key is public), the public
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
  return problems;
}

/** The server's settings (Config's fields of the same names; `secret` is '' when unset). */
export function readServer(read: Read, env: Env, problems: string[], port: number) {
  const production = env.NODE_ENV === 'production';
  const secret = read('SESSION_SECRET', parseSecret, '');
  const publicUrl = read('PUBLIC_URL', parsePublicUrl, `http://localhost:${port}`);
  // Demo jobs only when asked in production: an emptied board must not fill itself again.
  const seedDemo = read('SEED_DEMO', parseBoolean, !production);
  const migrateOnStart = read('MIGRATE_ON_START', parseBoolean, false);
  const allowHttpsWithoutProxy = read('ALLOW_HTTPS_WITHOUT_PROXY', parseBoolean, false);
  const logLevel = read('LOG_LEVEL', parseLogLevel, 'info');
  // A CDN's published ranges hold public addresses: taken only when said so (issue 43, finding 12).
  const allowPublicRanges = read('TRUST_PROXY_PUBLIC_RANGES', parseBoolean, false);
  const trustProxy = read(
    'TRUST_PROXY',
    (raw) => parseTrustProxy(raw, allowPublicRanges),
    false as TrustProxy,
  );
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
  return { production, secret, publicUrl, seedDemo, migrateOnStart, logLevel, trustProxy };
}
