import { AppBskyFeedPost, AtpAgent, AtUri, RichText, XRPCError } from '@atproto/api';
import type { BlueskyConfig } from '../../platform/config';
import { NetworkError, retryAfterMs, statusError } from './network';
import type { CallLimits, Network, OutgoingPost, PostedPost } from './network';

const NAME = 'Bluesky';
const COLLECTION = 'app.bsky.feed.post';

/** The sortable base-32 alphabet of AT Protocol's TIDs (atproto.com/specs/tid). */
const S32 = '234567abcdefghijklmnopqrstuvwxyz';

function s32(value: number, width: number): string {
  let text = '';
  for (let rest = value; rest > 0; rest = Math.floor(rest / 32)) text = S32[rest % 32]! + text;
  return text.padStart(width, '2');
}

/**
 * The record key of a post: a TID (what app.bsky.feed.post's records are keyed by, and the PDS
 * checks) made from the post's own row rather than the clock, so every attempt of one post names
 * the same record: its microseconds are the row's queueing time with the row's id in the last
 * three digits, its clock id the rest of the id.
 */
export function postRecordKey(key: OutgoingPost['key']): string {
  const micros = key.createdAt * 1000 + (key.id % 1000);
  const clockId = Math.floor(key.id / 1000) % 1024;
  return s32(micros, 11) + s32(clockId, 2);
}

/**
 * The publication's Bluesky account, through its PDS (BLUESKY_SERVICE) with @atproto/api: signed
 * in with the app password once per process (the agent refreshes its session itself), each post
 * an app.bsky.feed.post record checked against the lexicon before it is sent, its link a facet
 * and a link card (app.bsky.embed.external), under the record key of postRecordKey. A post tried
 * again is first looked for under that key (a PDS answers 500 to a second record of one key):
 * found, the first attempt went through. Deleted with com.atproto.repo.deleteRecord.
 */
export class BlueskyNetwork implements Network {
  private signedIn: Promise<AtpAgent> | null = null;

  constructor(
    private readonly config: BlueskyConfig,
    private readonly limits: CallLimits,
  ) {}

  async post(post: OutgoingPost): Promise<PostedPost> {
    const agent = await this.agent();
    const repo = agent.session!.did;
    const rkey = postRecordKey(post.key);
    const posted = {
      remoteId: `at://${repo}/${COLLECTION}/${rkey}`,
      remoteUrl: this.webUrl(repo, rkey),
    };
    if (post.tried && (await this.exists(agent, repo, rkey))) return posted;
    const text = new RichText({ text: post.text });
    text.detectFacetsWithoutResolution();
    const record = {
      $type: COLLECTION,
      text: text.text,
      ...(text.facets?.length ? { facets: text.facets } : {}),
      embed: {
        $type: 'app.bsky.embed.external',
        external: { uri: post.link, title: post.cardTitle, description: post.cardDescription },
      },
      createdAt: new Date(post.key.createdAt).toISOString(),
    };
    const valid = AppBskyFeedPost.validateRecord(record);
    if (!valid.success) {
      throw new NetworkError(`${NAME} would refuse the post: ${valid.error.message}`, false);
    }
    await this.call(() =>
      agent.com.atproto.repo.createRecord({
        repo,
        collection: COLLECTION,
        rkey,
        record,
        validate: true,
      }),
    );
    return posted;
  }

  async remove(remoteId: string): Promise<void> {
    const agent = await this.agent();
    const uri = new AtUri(remoteId);
    await this.call(() =>
      agent.com.atproto.repo.deleteRecord({
        repo: uri.host,
        collection: uri.collection,
        rkey: uri.rkey,
      }),
    );
  }

  private async exists(agent: AtpAgent, repo: string, rkey: string): Promise<boolean> {
    try {
      await agent.com.atproto.repo.getRecord({ repo, collection: COLLECTION, rkey });
      return true;
    } catch (error) {
      if (error instanceof XRPCError && error.status === 400 && error.error === 'RecordNotFound')
        return false;
      throw this.failure(error);
    }
  }

  /** Signed in once per process; a failed sign-in is tried again on the next post. */
  private agent(): Promise<AtpAgent> {
    this.signedIn ??= (async () => {
      const agent = new AtpAgent({ service: this.config.service, fetch: this.timedFetch });
      await this.call(() =>
        agent.login({ identifier: this.config.handle, password: this.config.appPassword }),
      );
      return agent;
    })();
    this.signedIn.catch(() => (this.signedIn = null));
    return this.signedIn;
  }

  private readonly timedFetch: typeof fetch = (input, init) =>
    fetch(input, { ...init, signal: AbortSignal.timeout(this.limits.timeoutMs) });

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const failure = this.failure(error);
      // Refused credentials: sign in afresh next time (the app password may have been replaced).
      if (!failure.retry && /credentials/.test(failure.message)) this.signedIn = null;
      throw failure;
    }
  }

  private failure(error: unknown): NetworkError {
    if (error instanceof NetworkError) return error;
    if (error instanceof XRPCError && error.status >= 400) {
      const wait =
        retryAfterMs(error.headers?.['retry-after'], this.limits.now()) ?? this.resetIn(error);
      return statusError(
        NAME,
        error.status,
        [error.error, error.message].filter(Boolean).join(': '),
        wait,
      );
    }
    // No answer: @atproto/xrpc reports a failed fetch as status 1 (Unknown).
    const cause = (error as { cause?: { name?: string; code?: string } })?.cause;
    const timedOut = cause?.name === 'TimeoutError' || (error as Error)?.name === 'TimeoutError';
    return new NetworkError(
      timedOut
        ? `${NAME} did not answer within ${Math.round(this.limits.timeoutMs / 1000)} s`
        : `${NAME} could not be reached (${cause?.code ?? (error as Error)?.message ?? 'unknown error'})`,
      true,
    );
  }

  /** Bluesky's rate limits say when they reset, in epoch seconds (RateLimit-Reset). */
  private resetIn(error: XRPCError): number | null {
    const reset = Number(error.headers?.['ratelimit-reset']);
    return Number.isFinite(reset) && reset > 0
      ? Math.max(0, reset * 1000 - this.limits.now().getTime())
      : null;
  }

  private webUrl(did: string, rkey: string): string {
    return `https://bsky.app/profile/${did}/post/${rkey}`;
  }
}
