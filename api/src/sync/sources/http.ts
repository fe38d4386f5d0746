import type { RateLimiter } from './rate-limiter';
import { SourceError, sleep } from './source';

export interface FetchJsonOptions {
  /** How the source is named in errors ('Airtable'): never its URL, which may carry a key. */
  label: string;
  headers?: Record<string, string>;
  /** One request (answer and body) may take this long. */
  timeoutMs: number;
  /** The wait after a 429 without Retry-After. */
  retryWaitMs: number;
  /** Taken before every request, retries included. */
  limiter?: RateLimiter;
  wait?: (ms: number) => Promise<void>;
}

/** Tries of one request answered 429 before the sync gives up. */
export const MAX_RATE_LIMITED_TRIES = 5;
/** A Retry-After longer than this is not waited for (the sync fails instead). */
const MAX_RETRY_AFTER_MS = 5 * 60 * 1000;
/** A source's answer larger than this is refused: 50 MB is ten times 20,000 long jobs. */
export const MAX_ANSWER_BYTES = 50 * 1024 * 1024;

/**
 * GET `url` and parse its JSON answer. A 429 waits (Retry-After, or `retryWaitMs`) and tries again,
 * up to MAX_RATE_LIMITED_TRIES; anything else that is not a 2xx with JSON is a SourceError whose
 * message says what happened, in words an admin can act on.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const wait = options.wait ?? sleep;
  for (let attempt = 1; ; attempt += 1) {
    await options.limiter?.take();
    const answer = await request(url, options);
    if (answer.status === 429) {
      if (attempt >= MAX_RATE_LIMITED_TRIES) {
        throw new SourceError(
          `${options.label} kept answering 429 (too many requests) after ${attempt} tries`,
        );
      }
      const waitMs = retryAfterMs(answer.headers.get('retry-after')) ?? options.retryWaitMs;
      if (waitMs > MAX_RETRY_AFTER_MS) {
        throw new SourceError(`${options.label} asked to wait ${Math.round(waitMs / 1000)} s`);
      }
      await answer.body?.cancel().catch(() => {});
      await wait(waitMs);
      continue;
    }
    const text = await readText(answer, options);
    if (!answer.ok) {
      throw new SourceError(
        `${options.label} answered ${answer.status} ${answer.statusText}${errorDetail(text)}`.trim(),
      );
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new SourceError(`${options.label} did not answer valid JSON`);
    }
  }
}

async function request(url: string, options: FetchJsonOptions): Promise<Response> {
  try {
    return await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    throw networkError(error, options);
  }
}

async function readText(answer: Response, options: FetchJsonOptions): Promise<string> {
  const declared = Number(answer.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) throw tooLarge(options.label);
  const reader = answer.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel();
        throw tooLarge(options.label);
      }
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw networkError(error, options);
  }
  return Buffer.concat(parts).toString('utf8');
}

function tooLarge(label: string): SourceError {
  return new SourceError(`${label} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`);
}

function networkError(error: unknown, options: FetchJsonOptions): SourceError {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new SourceError(
      `${options.label} did not answer within ${Math.round(options.timeoutMs / 100) / 10} s`,
    );
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const why = cause?.code ?? cause?.message ?? (error as Error)?.message ?? 'unknown error';
  return new SourceError(`${options.label} could not be reached (${why})`);
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** What an error answer says about itself (Airtable: { error: { type, message } }), briefly. */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const error = body.error;
    const detail =
      typeof error === 'string'
        ? error
        : error && typeof error === 'object'
          ? [(error as { type?: unknown }).type, (error as { message?: unknown }).message]
              .filter((part) => typeof part === 'string')
              .join(': ')
          : typeof body.message === 'string'
            ? body.message
            : '';
    return detail ? `: ${detail.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
