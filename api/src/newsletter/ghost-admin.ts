import { NEWSLETTER_MESSAGES } from '@jobboard/contract/admin';
import { SignJWT } from 'jose';
import type { GhostAdminKey } from '../platform/config-values';
import { UpstreamFailed } from '../platform/domain-errors';

/** What Ghost's Admin API answered for a draft made. */
export interface GhostDraft {
  id: string;
  /** Always 'draft': the board sends nothing else, and Ghost keeps what it is sent. */
  status: string;
  /** The draft in Ghost's editor (its admin app at /ghost/). */
  editUrl: string;
}

/**
 * How long a token lives: Ghost refuses one issued more than 5 minutes before it arrives
 * (`maxAge: '5m'` in core/server/services/auth/api-key/admin.js, Ghost 5 and 6 alike).
 */
const TOKEN_SECONDS = 5 * 60;

/**
 * The API version the board writes to: Ghost 5's, which Ghost 6 serves unchanged for what the
 * board sends (a post with `?source=html`). Ghost's docs ask every client to name one.
 */
const ACCEPT_VERSION = 'v5.0';

/** The most of Ghost's own words a refusal quotes. */
const DETAIL_CHARS = 300;

/**
 * The publication's Ghost, through its Admin API as a custom integration (issue 44): the board
 * only ever makes draft posts with it. Each request carries a fresh token signed as Ghost's docs
 * say (HS256 with the key's secret, hex-decoded; `kid` the key's id; audience `/admin/`; issued
 * now, ending 5 minutes later).
 */
export class GhostAdmin {
  constructor(
    private readonly site: { url: string; key: GhostAdminKey; timeoutMs: number },
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  /**
   * A token for one request. Signed on the real clock, never the app's (tests move that one):
   * Ghost checks it against its own.
   */
  token(): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: this.site.key.id })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_SECONDS)
      .setAudience('/admin/')
      .sign(Buffer.from(this.site.key.secret, 'hex'));
  }

  /**
   * Make a draft post of `html` (`?source=html`: Ghost 5 and 6 turn it into their editor's
   * Lexical document, and keep it a draft). Throws UpstreamFailed with the contract's words when
   * Ghost refuses the key, refuses the post, fails or does not answer in time.
   */
  async createDraft(post: { title: string; html: string }): Promise<GhostDraft> {
    const answer = await this.call('posts/?source=html', {
      method: 'POST',
      body: JSON.stringify({ posts: [{ title: post.title, html: post.html, status: 'draft' }] }),
    });
    const made = (answer as { posts?: { id?: unknown; status?: unknown }[] }).posts?.[0];
    if (typeof made?.id !== 'string') {
      throw new UpstreamFailed(NEWSLETTER_MESSAGES.ghostFailed('its answer named no post'));
    }
    return {
      id: made.id,
      status: String(made.status),
      editUrl: `${this.site.url}/ghost/#/editor/post/${encodeURIComponent(made.id)}`,
    };
  }

  private async call(path: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.site.url}/ghost/api/admin/${path}`, {
        ...init,
        headers: {
          Authorization: `Ghost ${await this.token()}`,
          'Accept-Version': ACCEPT_VERSION,
          'Content-Type': 'application/json',
        },
        // A redirect would carry the token elsewhere, or turn the POST into a GET.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.site.timeoutMs),
      });
    } catch (error) {
      throw new UpstreamFailed(NEWSLETTER_MESSAGES.ghostFailed(whyNoAnswer(error, this.site)), {
        cause: error,
      });
    }
    const text = await response.text();
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamFailed(NEWSLETTER_MESSAGES.keyRefused);
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location') ?? 'nowhere';
      throw new UpstreamFailed(
        NEWSLETTER_MESSAGES.ghostRefused(
          `it answered ${response.status}, sending the board to ${location.slice(0, DETAIL_CHARS)}: GHOST_URL must be the address Ghost's Admin API answers at`,
        ),
      );
    }
    if (response.status >= 400 && response.status < 500) {
      throw new UpstreamFailed(
        NEWSLETTER_MESSAGES.ghostRefused(ghostsWords(text, response.status)),
      );
    }
    if (!response.ok) {
      throw new UpstreamFailed(NEWSLETTER_MESSAGES.ghostFailed(`it answered ${response.status}`));
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UpstreamFailed(NEWSLETTER_MESSAGES.ghostFailed('its answer was not JSON'));
    }
  }
}

/** Why a request got no answer, in a few words (never the token or the key). */
function whyNoAnswer(error: unknown, site: { timeoutMs: number }): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `no answer within ${Math.round(site.timeoutMs / 1000)} seconds`;
  }
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? `the connection failed: ${code}` : 'the connection failed';
}

/** Ghost's own words for a refusal (`{ errors: [{ message, context }] }`), or its status. */
function ghostsWords(text: string, status: number): string {
  try {
    const [first] =
      (JSON.parse(text) as { errors?: { message?: unknown; context?: unknown }[] }).errors ?? [];
    const words = [first?.message, first?.context].filter(
      (part): part is string => typeof part === 'string' && part.trim() !== '',
    );
    if (words.length) return words.join(' ').slice(0, DETAIL_CHARS);
  } catch {
    // not Ghost's JSON: its status says enough
  }
  return `it answered ${status}`;
}
