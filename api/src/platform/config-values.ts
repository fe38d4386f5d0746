import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { MIN_ADMIN_PASSWORD_LENGTH } from '@jobboard/contract/common';
import { SITEMAP_MAX_URLS, isCurrencyCode } from '@jobboard/contract/jobs';
import type { StripeConfig } from './config/payments';
import type { TrustProxy } from './config/production';

/**
 * The checks of single configuration values, one parser per kind of value (platform/config.ts reads the
 * variables and gathers every problem). Each returns the value or throws an Error whose message
 * says what is wrong, in the words the operator sees after the variable's name.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 32;

export function invalid(message: string): never {
  throw new Error(message);
}

export function parsePort(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 65535
    ? n
    : invalid('must be a whole number from 0 to 65535');
}

export function parseReadConnections(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : invalid('must be a whole number, 1 to 64');
}

/** The fewest URLs a sitemap file may be set to hold: the board's pages and a few jobs. */
export const MIN_SITEMAP_URLS_PER_FILE = 10;

export function parseSitemapUrls(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= MIN_SITEMAP_URLS_PER_FILE && n <= SITEMAP_MAX_URLS
    ? n
    : invalid(
        `must be a whole number from ${MIN_SITEMAP_URLS_PER_FILE} to ${SITEMAP_MAX_URLS.toLocaleString('en-US')}`,
      );
}

export function parseBoolean(raw: string): boolean {
  const v = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  return invalid('must be true or false');
}

export type Admin2fa = 'optional' | 'required';

/** ADMIN_2FA: whether every admin must sign in with a one-time code too. */
export function parseAdmin2fa(raw: string): Admin2fa {
  const v = raw.toLowerCase();
  if (v === 'optional' || v === 'required') return v;
  return invalid('must be optional or required');
}

/** proxy-addr's names for whole ranges: 127.0.0.1/8 and ::1, link-local, private networks. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** The widest proxy range taken: 10.0.0.0/8, fd00::/8. */
const MIN_PROXY_RANGE_BITS = 8;

/** What to write: the proxies by their addresses. */
const NAME_THE_PROXIES =
  'Name the proxies in front of the server by their addresses or CIDR ranges, separated by commas ' +
  '(for example TRUST_PROXY=127.0.0.1,::1 for nginx or Caddy on this host, or TRUST_PROXY=10.0.0.2,192.168.0.0/16; loopback names 127.0.0.0/8 and ::1)';

/** Why trusting every hop is refused, and what to write instead. */
const EVERY_HOP =
  'that believes every X-Forwarded-For hop, so any client could choose its address and slip past the rate limits. ' +
  NAME_THE_PROXIES;

/**
 * Issue 46: a hop count (`1`) believed the last X-Forwarded-For hop from whoever connected, so a
 * client reaching the port directly wrote its own address and escaped every limit and the
 * sign-in throttle. Refused rather than read as "loopback only": a proxy elsewhere (another host,
 * Docker's bridge) would then be silently distrusted, and every visitor would share its one limit.
 */
const HOP_COUNT =
  'must no longer be a number of proxies: a count believes X-Forwarded-For from whoever connects, so a client reaching the port directly could write its own address and slip past the rate limits. ' +
  NAME_THE_PROXIES;

/**
 * `false` / unset (also `0`), or a comma-separated list of proxy addresses and CIDR ranges
 * (`10.0.0.1, 192.168.0.0/16, loopback`): X-Forwarded-For is believed only from a request whose
 * socket address is one of them. `true` is refused (it believes every hop), and so is a hop count.
 */
export function parseTrustProxy(raw: string, allowPublicRanges = false): TrustProxy {
  const value = raw.toLowerCase();
  if (['true', 'yes', 'on', '*'].includes(value)) return invalid(`must not be true: ${EVERY_HOP}`);
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (/^\d+$/.test(value)) return invalid(HOP_COUNT);
  const entries = raw.split(',').map((entry) => entry.trim());
  // A /0 range is every address (and proxy-addr refuses it with a TypeError at start); a few
  // ranges wider than /8 cover every address too (0.0.0.0/1 and 128.0.0.0/1). No proxy needs one.
  const tooWide = entries.filter((entry) => /\/0*[0-7]$/.test(entry));
  if (tooWide.length) {
    return invalid(
      `must not name every address, nor ranges wider than /${MIN_PROXY_RANGE_BITS} (${tooWide.map((e) => `"${e}"`).join(', ')}): ${EVERY_HOP}`,
    );
  }
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length) {
    return invalid(
      `must be proxy addresses or CIDR ranges separated by commas (for example 127.0.0.1,::1 or 10.0.0.2,192.168.0.0/16); not understood: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  const publicRanges = allowPublicRanges ? [] : entries.filter(coversPublicAddresses);
  if (publicRanges.length) {
    return invalid(
      `must not name ranges that hold public addresses (${publicRanges.map((e) => `"${e}"`).join(', ')}): every client in them could write its own X-Forwarded-For and slip past the rate limits (::ffff:0:0/96, for one, is every IPv4 address). ` +
        "Name the proxies by their own addresses, or private ranges (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7...); for a CDN's published ranges set TRUST_PROXY_PUBLIC_RANGES=true",
    );
  }
  return entries;
}

/** The ranges a proxy of one's own may sit in without its range holding public addresses. */
const PRIVATE_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '100.64.0.0/10',
  'fc00::/7',
  'fe80::/10',
  '::1/128',
].map((range) => ipaddr.parseCIDR(range));

/**
 * Whether a TRUST_PROXY range holds any public address (issue 43, finding 12): one that is not
 * inside a private, loopback, link-local or shared range. A single address is a proxy's own and
 * never counts; an IPv4-mapped IPv6 range is judged as the IPv4 range it maps.
 */
function coversPublicAddresses(entry: string): boolean {
  if (!entry.includes('/')) return false;
  let [address, bits] = ipaddr.parseCIDR(entry);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    if (bits < 96) return true;
    address = (address as ipaddr.IPv6).toIPv4Address();
    bits -= 96;
  }
  return !PRIVATE_RANGES.some(
    ([range, rangeBits]) =>
      range.kind() === address.kind() && bits >= rangeBits && address.match(range, rangeBits),
  );
}

/** An IPv4 / IPv6 address, a CIDR range of one, or one of proxy-addr's range names. */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry.toLowerCase())) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) >= 1 && Number(bits) <= (family === 4 ? 32 : 128);
}

export function parseLogLevel(raw: string): string {
  return LOG_LEVELS.includes(raw) ? raw : invalid(`must be one of ${LOG_LEVELS.join(', ')}`);
}

export function parseDatabaseUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url && (url.protocol === 'postgres:' || url.protocol === 'postgresql:')) return raw;
  return invalid(
    'must be a PostgreSQL URL such as postgres://user:password@host:5432/board (leave it unset for SQLite)',
  );
}

/**
 * DATABASE_READ_URL: one or more PostgreSQL URLs of read replicas, comma-separated (a comma never
 * appears unescaped in a URL's host or credentials).
 */
export function parseReadUrls(raw: string): string[] {
  const urls = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const good = (part: string) => {
    const url = URL.canParse(part) ? new URL(part) : null;
    return url !== null && (url.protocol === 'postgres:' || url.protocol === 'postgresql:');
  };
  if (urls.length && urls.every(good)) return urls;
  return invalid(
    'must be one or more PostgreSQL URLs, comma-separated, such as postgres://user:password@replica1:5432/board,postgres://user:password@replica2:5432/board',
  );
}

/** READ_REPLICA_CHECK_MS: how often the replicas' health and lag are read in the background. */
export function parseReplicaCheckMs(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 100 && n <= 60_000
    ? n
    : invalid('must be a whole number of milliseconds from 100 to 60000');
}

export function parsePositive(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : invalid('must be a whole number above 0');
}

export function parseUsername(raw: string): string {
  return /^[a-zA-Z0-9._@-]{3,100}$/.test(raw)
    ? raw
    : invalid('must be 3 to 100 letters, digits or . _ @ -');
}

export function parseAdminPassword(raw: string): string {
  return raw.length >= MIN_ADMIN_PASSWORD_LENGTH
    ? raw
    : invalid(`must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
}

export function parseTimeout(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 600
    ? n
    : invalid('must be a whole number of seconds from 1 to 600');
}

/** An Airtable base id: 'app' and 14 letters or digits. */
export function parseAirtableBase(raw: string): string {
  return /^app[A-Za-z0-9]{14}$/.test(raw)
    ? raw
    : invalid('must be an Airtable base id: app followed by 14 letters or digits');
}

/** Minutes between scheduled syncs: 0 (off) up to a week. */
export function parseSyncInterval(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 10_080
    ? n
    : invalid('must be a whole number of minutes from 0 (off) to 10080 (a week)');
}

/** Seconds, fractions allowed (tests wait a fraction of a second), at most five minutes. */
export function parseWaitSeconds(raw: string): number {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 300
    ? n
    : invalid('must be a number of seconds from 0 to 300');
}

export function parseCount(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : invalid('must be a whole number');
}

/** An hour of the day in UTC (the board has no time zone setting): 0 to 23. */
export function parseHourOfDay(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 23
    ? n
    : invalid('must be a whole hour of the day (UTC) from 0 to 23');
}

export function parseSmtpUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  return url && (url.protocol === 'smtp:' || url.protocol === 'smtps:')
    ? raw
    : invalid('must be an SMTP URL such as smtp://user:password@mail.example.org:587');
}

/** `jobs@example.org` or `Display Name <jobs@example.org>`. */
export function parseMailFrom(raw: string): string {
  const match = /^(?:[^<>@]*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match?.[1] ?? match?.[2];
  return address && EMAIL_ADDRESS.test(address)
    ? raw
    : invalid('must be an e-mail address, optionally with a name: Board Name <jobs@example.org>');
}

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseEmail(raw: string): string {
  return EMAIL_ADDRESS.test(raw) ? raw : invalid('must be an e-mail address');
}

/** BOARD_CURRENCY: an ISO 4217 code ('USD', 'CAD', 'GBP'). */
export function parseCurrency(raw: string): string {
  const code = raw.trim().toUpperCase();
  return isCurrencyCode(code) ? code : invalid('must be an ISO 4217 currency code, such as USD');
}

export function parseHttpUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? raw
    : invalid('must be an http(s) URL');
}

export function parseStripeKey(raw: string): string {
  return /^(sk|rk)_(test|live)_\w+$/.test(raw)
    ? raw
    : invalid('must be a Stripe secret key (sk_test_... or sk_live_...)');
}

export function parseWebhookSecret(raw: string): string {
  return raw.startsWith('whsec_')
    ? raw
    : invalid('must be a Stripe webhook signing secret (whsec_...)');
}

export function parseStripeApiUrl(raw: string): StripeConfig['api'] {
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

export function parseSecret(raw: string): string {
  return raw.length >= MIN_SECRET_LENGTH
    ? raw
    : invalid(
        `must be at least ${MIN_SECRET_LENGTH} characters (for example: openssl rand -base64 48)`,
      );
}

/** The Admin API key of a Ghost custom integration: its id and its secret (hex). */
export interface GhostAdminKey {
  id: string;
  secret: string;
}

/**
 * GHOST_ADMIN_API_KEY as Ghost shows it (Settings > Integrations > the integration's Admin API
 * key): `<id>:<secret>`, the id an object id (24 hex digits), the secret 32 bytes in hex. Ghost
 * checks a token signed with it against the secret's bytes, so a secret that is not hex could
 * never sign one. The value is never quoted back (config/env.ts: its name holds API_KEY).
 */
export function parseGhostAdminKey(raw: string): GhostAdminKey {
  const match = /^([0-9a-f]{24}):([0-9a-f]{64})$/i.exec(raw);
  return match
    ? { id: match[1]!.toLowerCase(), secret: match[2]!.toLowerCase() }
    : invalid(
        "must be the Admin API key of a Ghost custom integration, as Ghost shows it: its id (24 hex digits), a colon and its secret (64 hex digits). Ghost: Settings > Integrations > the integration's Admin API key",
      );
}

/**
 * The Ghost site, as its members know it (`https://news.example.org`, or a subfolder install
 * `https://example.org/blog`): the token's issuer is this address plus `/members/api`, so it is
 * kept exactly, without a trailing slash, a query or a fragment.
 */
export function parseGhostUrl(raw: string): string {
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

export function parsePublicUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return url.origin + url.pathname.replace(/\/+$/, '');
  }
  return invalid('must be an http(s) URL such as https://jobs.example.org');
}

/**
 * CORS_ORIGINS (issue 46): the origins whose pages may read the public reads, separated by commas
 * (`https://partner.example,https://jobs.example.net`), each an http(s) origin and nothing more
 * (no path); or `*` alone, any origin. Empty: none.
 */
export function parseOrigins(raw: string): readonly string[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.includes('*')) {
    return entries.length === 1
      ? ['*']
      : invalid('takes * alone (any origin), or a list of origins without *');
  }
  const bad = entries.filter((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    return (
      !url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')
    );
  });
  if (bad.length) {
    return invalid(
      `must be origins such as https://partner.example (a scheme, a host and a port if not the usual, no path), separated by commas, or *; not understood: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  return [...new Set(entries.map((entry) => new URL(entry).origin))];
}

/** SERVER_RENDER_TIMEOUT_MS: milliseconds, from a twentieth of a second to a minute. */
export function parseRenderTimeout(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 50 && n <= 60_000
    ? n
    : invalid('must be a whole number of milliseconds from 50 to 60000');
}

/** SERVER_RENDER_MAX_HEAP_MB: a render worker's heap, from 32 MB (below it React barely loads) to 16 GB. */
export function parseRenderHeap(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 32 && n <= 16_384
    ? n
    : invalid('must be a whole number of megabytes from 32 to 16384');
}

/** PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 0 (off), or from 10 ms to a minute. */
export function parseEventLoopDelayLimit(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && (n === 0 || (n >= 10 && n <= 60_000))
    ? n
    : invalid('must be 0 (off) or a whole number of milliseconds from 10 to 60000');
}

/** PRESSURE_MAX_HEAP_MB: 0 (off), or a heap size in megabytes up to 64 GB. */
export function parseHeapLimit(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 65_536
    ? n
    : invalid('must be 0 (off) or a whole number of megabytes up to 65536');
}

/** SMTP_MAX_CONNECTIONS: the pooled transport's connections to the SMTP server, 1 to 50. */
export function parseSmtpConnections(raw: string): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 50 ? n : invalid('must be a whole number, 1 to 50');
}

const KEY_HINT = 'openssl rand -base64 32';

/**
 * An AES-256 key: 32 bytes, written in base64 (standard or URL-safe, as `openssl rand -base64 32`
 * prints it) or as 64 hexadecimal digits (`openssl rand -hex 32`). Strict: Node's base64 decoder
 * skips what it cannot read, so a typo would otherwise become another key.
 */
export function parseEncryptionKey(raw: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(raw)) {
    const key = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  return invalid(`must be 32 random bytes in base64 or hex (for example: ${KEY_HINT})`);
}

/** Keys as parseEncryptionKey reads each, separated by commas. */
export function parseEncryptionKeys(raw: string): Buffer[] {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    return parts.map(parseEncryptionKey);
  } catch {
    return invalid(
      `must be keys of 32 random bytes in base64 or hex, separated by commas (for example: ${KEY_HINT})`,
    );
  }
}
