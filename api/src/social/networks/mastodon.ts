import type { MastodonConfig } from '../../platform/config';
import { callNetwork, NetworkError, retryAfterMs, statusError } from './network';
import type { CallLimits, Network, OutgoingPost, PostedPost } from './network';

const NAME = 'Mastodon';

/**
 * The publication's Mastodon account (docs.joinmastodon.org/methods/statuses): a status posted
 * with POST /api/v1/statuses under the application's Bearer token and an Idempotency-Key of its
 * own (the instance answers a repeat within an hour with the status it made the first time, so
 * an attempt whose answer was lost does not post twice), deleted with DELETE /api/v1/statuses/:id.
 */
export class MastodonNetwork implements Network {
  constructor(
    private readonly config: MastodonConfig,
    private readonly limits: CallLimits,
  ) {}

  async post(post: OutgoingPost): Promise<PostedPost> {
    const answer = await this.call('POST', '/api/v1/statuses', {
      'content-type': 'application/json',
      'idempotency-key': `jobboard-post-${post.key.id}-${post.key.createdAt}`,
      body: JSON.stringify({ status: post.text, visibility: 'public' }),
    });
    const status = answer as { id?: unknown; url?: unknown; uri?: unknown };
    if (typeof status.id !== 'string') {
      throw new NetworkError(`${NAME} answered without the status's id`, true);
    }
    const url =
      typeof status.url === 'string'
        ? status.url
        : typeof status.uri === 'string'
          ? status.uri
          : null;
    return { remoteId: status.id, remoteUrl: url };
  }

  /** Delete the status; one already gone (404) is deleted. */
  async remove(remoteId: string): Promise<void> {
    await this.call('DELETE', `/api/v1/statuses/${encodeURIComponent(remoteId)}`, {}, true);
  }

  private async call(
    method: 'POST' | 'DELETE',
    path: string,
    options: { body?: string; [header: string]: string | undefined },
    goneIsDone = false,
  ): Promise<unknown> {
    const { body, ...headers } = options;
    const { answer, text } = await callNetwork(
      NAME,
      `${this.config.url}${path}`,
      {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${this.config.accessToken}`,
          ...(headers as Record<string, string>),
        },
        body,
      },
      this.limits.timeoutMs,
    );
    if (goneIsDone && answer.status === 404) return null;
    if (!answer.ok) {
      const wait =
        retryAfterMs(answer.headers.get('retry-after'), this.limits.now()) ??
        retryAfterMs(answer.headers.get('x-ratelimit-reset'), this.limits.now());
      throw statusError(NAME, answer.status, errorOf(text), wait);
    }
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      throw new NetworkError(`${NAME} did not answer JSON`, true);
    }
  }
}

/** Mastodon's error body ({"error": "Validation failed: Text character limit of 500 exceeded"}). */
function errorOf(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    return typeof error === 'string' ? error : '';
  } catch {
    return '';
  }
}
