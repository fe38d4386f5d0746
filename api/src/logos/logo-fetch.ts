import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';

/** How a logo is downloaded (logos/README in api/src/README.md#logos). */
export interface LogoFetchOptions {
  /** Most bytes read from the far side; more refuses the logo. */
  maxBytes: number;
  /** The whole download, redirects included, within this. */
  timeoutMs: number;
  /** Redirects followed, each to an address that passes the same checks. */
  maxRedirects: number;
  /**
   * Tests only (buildApp's `logoFetch`, never the configuration): plain http to 127.0.0.1 is
   * allowed, so a stand-in server on the test machine can serve the pictures.
   */
  allowLoopback: boolean;
}

export const LOGO_FETCH_DEFAULTS: LogoFetchOptions = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 3,
  allowLoopback: false,
};

/** Why a logo was not taken: logged once per attempt, the company shows no logo. */
export const LOGO_REFUSALS = {
  scheme: 'the address is not https',
  address: 'the address is private, loopback or otherwise not public',
  status: 'the server did not answer 200',
  redirects: 'too many redirects',
  tooLarge: 'the file is larger than allowed',
  timeout: 'the download took too long',
  network: 'the download failed',
  notImage: 'the file is not a PNG, JPEG, WebP or GIF picture',
  svg: 'SVG logos are not taken (a picture that can carry scripts and links)',
  tooManyPixels: 'the picture is too large to decode',
} as const;
export type LogoRefusalReason = keyof typeof LOGO_REFUSALS;

export class LogoRefused extends Error {
  constructor(
    readonly reason: LogoRefusalReason,
    detail?: string,
  ) {
    super(detail ? `${LOGO_REFUSALS[reason]} (${detail})` : LOGO_REFUSALS[reason]);
  }
}

/**
 * Addresses a logo is never fetched from: this machine, private networks, link-local (cloud
 * metadata services), carrier-grade NAT, documentation and benchmark ranges, multicast and
 * reserved space, and IPv6's equivalents (IPv4-mapped addresses are checked as the IPv4 they carry).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether a logo may be fetched from `address` (an IP address as resolved). */
export function publicAddress(address: string, allowLoopback = false): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  if (allowLoopback && ip === '127.0.0.1') return true;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether `url` may be fetched at all (before any address is known). */
function allowedUrl(url: URL, options: LogoFetchOptions): boolean {
  if (url.protocol === 'https:') return true;
  return options.allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

/**
 * A DNS lookup that refuses every address that is not public: checked on the address the
 * connection then uses, so a name that resolves to a public address when checked and to a private
 * one when connecting (DNS rebinding) cannot get through.
 */
function guardedLookup(options: LogoFetchOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = Array.isArray(addresses) ? addresses : [];
      const usable = list.filter((entry) => publicAddress(entry.address, options.allowLoopback));
      if (!usable.length || usable.length !== list.length) {
        return callback(new LogoRefused('address', hostname), '', 0);
      }
      if (lookupOptions.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * Download a logo: https only (plain http to 127.0.0.1 in tests), public addresses only, at most
 * `maxBytes`, within `timeoutMs`, following at most `maxRedirects` redirects that pass the same
 * checks. The bytes as they came; LogoRefused when any check fails.
 */
export async function fetchLogo(
  address: string,
  options: LogoFetchOptions = LOGO_FETCH_DEFAULTS,
): Promise<Buffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url = new URL(address);
    for (let hops = 0; ; hops++) {
      const answer = await get(url, options, controller.signal);
      if (answer.redirect === undefined) return answer.body;
      if (hops >= options.maxRedirects) throw new LogoRefused('redirects');
      url = new URL(answer.redirect, url);
    }
  } catch (error) {
    if (error instanceof LogoRefused) throw error;
    if (controller.signal.aborted) throw new LogoRefused('timeout');
    if (error instanceof TypeError) throw new LogoRefused('scheme', 'not a web address');
    throw new LogoRefused('network', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

type Answer = { redirect: string; body?: undefined } | { redirect?: undefined; body: Buffer };

function get(url: URL, options: LogoFetchOptions, signal: AbortSignal): Promise<Answer> {
  if (!allowedUrl(url, options)) return Promise.reject(new LogoRefused('scheme', url.protocol));
  // A literal address is not looked up: checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !publicAddress(literal, options.allowLoopback)) {
    return Promise.reject(new LogoRefused('address', literal));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(options),
        headers: {
          accept: 'image/png, image/jpeg, image/webp, image/gif',
          'user-agent': 'jobboard-logo-fetch',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new LogoRefused('status', String(status)));
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new LogoRefused('tooLarge', `${declared} bytes`));
          return;
        }
        const parts: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new LogoRefused('tooLarge', `over ${options.maxBytes} bytes`));
            return;
          }
          parts.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(parts) }));
        response.on('error', reject);
      },
    );
    request.on('error', (error) => {
      // The guarded lookup's refusal comes back as the request's error.
      reject(error);
    });
  });
}
