import http from 'node:http';
import https from 'node:https';
import { AddressRefused, guardedLookup, refusedLiteral } from '../platform/http/outbound-guard';

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

/** Whether `url` may be fetched at all (before any address is known). */
function allowedUrl(url: URL, options: LogoFetchOptions): boolean {
  if (url.protocol === 'https:') return true;
  return options.allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1';
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
    if (error instanceof AddressRefused) throw new LogoRefused('address', error.host);
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
  const literal = refusedLiteral(url, options.allowLoopback);
  if (literal !== undefined) return Promise.reject(new LogoRefused('address', literal));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(options.allowLoopback),
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
