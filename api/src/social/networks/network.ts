/**
 * What the sender asks of a network (networks/bluesky.ts, mastodon.ts, webhook.ts): post one
 * listing, and delete a post where the network allows it. Each says what went wrong in words an
 * admin can act on (shown in /admin/channels), never with a credential in them.
 */

/** One listing's post, as the sender gives it to a network. */
export interface OutgoingPost {
  /** The text, fitted to the network's limit (contract composePost). */
  text: string;
  /** The job's page on the board, with the channel's `via`. */
  link: string;
  /** The job's title and organization, and its place and pay: a link card's title and line. */
  cardTitle: string;
  cardDescription: string;
  /**
   * The post's own key, the same on every attempt: a network that takes one (Bluesky's record key,
   * Mastodon's Idempotency-Key) makes a second attempt of the same post the first one's.
   */
  key: { id: number; createdAt: number };
  /** Whether an earlier attempt was made (its answer may have been lost after the post was made). */
  tried: boolean;
}

/** What every network's calls are held to: how long one may take, and the app's clock. */
export interface CallLimits {
  timeoutMs: number;
  now: () => Date;
}

/** Where the post is: its id on the network (to delete it) and an address a person can open. */
export interface PostedPost {
  remoteId: string | null;
  remoteUrl: string | null;
}

export interface Network {
  post(post: OutgoingPost): Promise<PostedPost>;
  /** Delete a post (its remoteId); absent for a network whose posts cannot be deleted. */
  remove?(remoteId: string): Promise<void>;
}

/**
 * A network refused or failed: `retry` whether trying again later may work (it was down, slow or
 * busy), `waitMs` how long it asked to be left alone (429), `rateLimited` when that was all.
 */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly waitMs: number | null = null,
    readonly rateLimited = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Retry-After in seconds or as an HTTP date (against `now`), in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * A failed call's HTTP status as the sender judges it: a 429 waits, a server error or a timeout
 * is tried again, any other refusal (a bad token, a post refused) is given up at once: trying the
 * same again would get the same answer.
 */
export function statusError(
  network: string,
  status: number,
  detail: string,
  waitMs: number | null,
): NetworkError {
  const said = detail ? `: ${detail.slice(0, 300)}` : '';
  if (status === 429) {
    return new NetworkError(
      `${network} asked to wait (429 too many requests)${said}`,
      true,
      waitMs,
      true,
    );
  }
  if (status === 401 || status === 403) {
    return new NetworkError(`${network} refused the credentials (${status})${said}`, false);
  }
  const retry = status >= 500 || status === 408;
  return new NetworkError(`${network} answered ${status}${said}`, retry, waitMs);
}

/** A call that never got an answer: the network is down, unreachable or too slow. */
export function unreachable(network: string, error: unknown, timeoutMs: number): NetworkError {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new NetworkError(
      `${network} did not answer within ${Math.round(timeoutMs / 1000)} s`,
      true,
    );
  }
  const cause = (error as { cause?: { code?: string } })?.cause;
  const why = cause?.code ?? (error as Error)?.name ?? 'unknown error';
  return new NetworkError(`${network} could not be reached (${why})`, true);
}

/**
 * One call to a network within `timeoutMs`: its status, headers and body as text. A call that
 * gets no answer is the network's being unreachable; redirects are refused (a network that moved
 * must be configured anew, never followed with the credentials).
 */
export async function callNetwork(
  network: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<{ answer: Response; text: string }> {
  let answer: Response;
  try {
    answer = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw unreachable(network, error, timeoutMs);
  }
  return { answer, text: await answer.text().catch(() => '') };
}
