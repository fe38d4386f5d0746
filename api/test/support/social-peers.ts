import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { AtpAgent } from '@atproto/api';
// The network alone (a PLC directory and a PDS, no app view): the package's index also loads the
// moderation service, whose dependencies need a newer Node.js than the board's.
import { TestNetworkNoAppView } from '@atproto/dev-env/dist/network-no-appview.js';

/**
 * The networks the board posts to, run here for its tests (issue 44):
 *
 * - Bluesky: the real thing. @atproto/dev-env runs a PLC directory (in memory) and a PDS (its
 *   repositories in SQLite files of its own) on this machine's loopback; the test creates an
 *   account and an app password on it, as a publication does on bsky.social, and reads the posts
 *   back through @atproto/api. The PDS checks every record against the app.bsky lexicons.
 * - Mastodon: no server of it installs here (it is a Ruby application with PostgreSQL, Redis and
 *   Sidekiq), so a stand-in on 127.0.0.1 that holds what it is sent to Mastodon's documented API
 *   (docs.joinmastodon.org/methods/statuses): a Bearer token, a status of at most 500 characters
 *   counted as Mastodon counts them (graphemes, each link as 23), an Idempotency-Key answered with
 *   the first status for an hour, its errors as Mastodon words them (401, 404, 422, 429 with
 *   X-RateLimit-Reset).
 * - A chat webhook: a plain HTTP server on 127.0.0.1 that keeps each message.
 */

export interface Bluesky {
  /** The PDS's address (BLUESKY_SERVICE). */
  service: string;
  handle: string;
  did: string;
  appPassword: string;
  /** The account's own agent, to read its repository. */
  reader: AtpAgent;
  /** The account's posts now in its repository, newest first. */
  posts(): Promise<{ uri: string; value: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/** A PDS with the publication's account and an app password of it. */
export async function startBluesky(handle = 'publication.test'): Promise<Bluesky> {
  // The PDS's repositories and blobs in a folder of the test's, removed when it closes.
  const folder = mkdtempSync(path.join(tmpdir(), 'jobboard-pds-'));
  const network = await TestNetworkNoAppView.create({
    pds: { dataDirectory: folder, blobstoreDiskLocation: path.join(folder, 'blobs') },
  });
  const service = network.pds.url;
  const owner = new AtpAgent({ service });
  await owner.createAccount({
    handle,
    email: 'social@publication.example',
    password: 'own-password-1',
  });
  const appPassword = (await owner.com.atproto.server.createAppPassword({ name: 'job board' })).data
    .password;
  const did = owner.session!.did;
  return {
    service,
    handle,
    did,
    appPassword,
    reader: owner,
    async posts() {
      const page = await owner.com.atproto.repo.listRecords({
        repo: did,
        collection: 'app.bsky.feed.post',
        limit: 100,
      });
      return page.data.records.map((r) => ({
        uri: r.uri,
        value: r.value as Record<string, unknown>,
      }));
    },
    async close() {
      await network.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

// ---- Mastodon -----------------------------------------------------------------------------------

export interface MastodonStatus {
  id: string;
  text: string;
  visibility: string;
  idempotencyKey: string | null;
  deleted: boolean;
}

/** What the stand-in answers instead of the next calls, one per call, in order. */
export type MastodonTrouble = 'unavailable' | 'rateLimited' | 'unprocessable';

export interface Mastodon {
  url: string;
  token: string;
  statuses: MastodonStatus[];
  /** Every call it was sent: method, path and status answered. */
  calls: { method: string; path: string; status: number }[];
  trouble: MastodonTrouble[];
  /** When a 429's limit resets (X-RateLimit-Reset), as Mastodon says it. */
  rateLimitReset: Date;
  /** Forget every status, call and key (a test reads only what it made). */
  reset(): void;
  close(): Promise<void>;
}

const MASTODON_MAX = 500;
const LINK_AS = 'x'.repeat(23);

/** A status's length as Mastodon's StatusLengthValidator counts it: graphemes, each URL as 23. */
function mastodonLength(text: string): number {
  const countable = text.replace(/https?:\/\/\S+/g, LINK_AS);
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(countable)].length;
}

export async function startMastodon(): Promise<Mastodon> {
  const token = 'test-mastodon-token-0123456789abcdefghij';
  const statuses: MastodonStatus[] = [];
  const calls: Mastodon['calls'] = [];
  const byKey = new Map<string, MastodonStatus>();
  const state: Pick<Mastodon, 'trouble' | 'rateLimitReset'> = {
    trouble: [],
    rateLimitReset: new Date(0),
  };
  let nextId = 109_000_000_000_000_000n;
  const entity = (status: MastodonStatus, url: string) => ({
    id: status.id,
    created_at: new Date().toISOString(),
    visibility: status.visibility,
    uri: `${url}/users/publication/statuses/${status.id}`,
    url: `${url}/@publication/${status.id}`,
    content: `<p>${status.text}</p>`,
    text: status.text,
  });

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      calls.push({ method: req.method ?? '', path, status });
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const body = await readBody(req);
    if (req.headers.authorization !== `Bearer ${token}`) {
      return answer(401, { error: 'The access token is invalid' });
    }
    const trouble = state.trouble.shift();
    if (trouble === 'unavailable') return answer(503, { error: 'Service Unavailable' });
    if (trouble === 'rateLimited') {
      return answer(
        429,
        { error: 'Too many requests' },
        {
          'x-ratelimit-limit': '300',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': state.rateLimitReset.toISOString(),
        },
      );
    }
    if (trouble === 'unprocessable')
      return answer(422, { error: 'Validation failed: Text has been posted before' });

    if (req.method === 'POST' && path === '/api/v1/statuses') {
      if (!String(req.headers['content-type']).startsWith('application/json')) {
        return answer(422, { error: "Validation failed: Text can't be blank" });
      }
      let params: { status?: unknown; visibility?: unknown };
      try {
        params = JSON.parse(body);
      } catch {
        return answer(400, { error: 'Malformed JSON' });
      }
      const key = req.headers['idempotency-key'];
      const keyOf = typeof key === 'string' ? key : null;
      const earlier = keyOf && byKey.get(keyOf);
      if (earlier) return answer(200, entity(earlier, url));
      if (typeof params.status !== 'string' || !params.status.trim()) {
        return answer(422, { error: "Validation failed: Text can't be blank" });
      }
      if (mastodonLength(params.status) > MASTODON_MAX) {
        return answer(422, {
          error: `Validation failed: Text character limit of ${MASTODON_MAX} exceeded`,
        });
      }
      const visibility = params.visibility ?? 'public';
      if (!['public', 'unlisted', 'private', 'direct'].includes(String(visibility))) {
        return answer(422, { error: 'Validation failed: Visibility is not included in the list' });
      }
      nextId += 1n;
      const status: MastodonStatus = {
        id: String(nextId),
        text: params.status,
        visibility: String(visibility),
        idempotencyKey: keyOf,
        deleted: false,
      };
      statuses.push(status);
      if (keyOf) byKey.set(keyOf, status);
      return answer(200, entity(status, url));
    }
    const one = /^\/api\/v1\/statuses\/(\d+)$/.exec(path);
    const status = one && statuses.find((s) => s.id === one[1] && !s.deleted);
    if (one && (req.method === 'DELETE' || req.method === 'GET')) {
      if (!status) return answer(404, { error: 'Record not found' });
      if (req.method === 'DELETE') status.deleted = true;
      return answer(200, entity(status, url));
    }
    return answer(404, { error: 'Record not found' });
  });
  const url = await listen(server);
  return {
    url,
    token,
    statuses,
    calls,
    get trouble() {
      return state.trouble;
    },
    set trouble(value) {
      state.trouble = value;
    },
    get rateLimitReset() {
      return state.rateLimitReset;
    },
    set rateLimitReset(value) {
      state.rateLimitReset = value;
    },
    reset() {
      statuses.length = 0;
      calls.length = 0;
      byKey.clear();
      state.trouble = [];
    },
    close: () => closeServer(server),
  };
}

// ---- a chat webhook -------------------------------------------------------------------------

export interface ChatWebhook {
  /** The webhook's address, with a secret path as Slack's and Discord's have. */
  url: string;
  messages: Record<string, unknown>[];
  /** Statuses to answer instead of the next messages (500, 429...), in order. */
  failNext: number[];
  close(): Promise<void>;
}

export async function startChatWebhook(): Promise<ChatWebhook> {
  const messages: Record<string, unknown>[] = [];
  const failNext: number[] = [];
  const secretPath = '/services/T000/B000/secret-webhook-path-xyz';
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== 'POST' || req.url !== secretPath) {
      res.writeHead(404).end('no_service');
      return;
    }
    const failure = failNext.shift();
    if (failure) {
      res.writeHead(failure, failure === 429 ? { 'retry-after': '90' } : {}).end('error');
      return;
    }
    messages.push(JSON.parse(body) as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  const origin = await listen(server);
  return { url: `${origin}${secretPath}`, messages, failNext, close: () => closeServer(server) };
}

// ---- helpers ------------------------------------------------------------------------------------

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
