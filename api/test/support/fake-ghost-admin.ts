import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';

/**
 * A Ghost's Admin API on 127.0.0.1, as far as the newsletter's drafts go: for the fast API tests
 * only. The real Ghost 5 and 6 are e2e/tests/ghost-newsletter.spec.ts's. It checks each request's
 * token as Ghost's core/server/services/auth/api-key/admin.js does (Ghost 5.130 and 6.65 alike):
 * `Authorization: Ghost <token>`, the key named by `kid` (401 'Unknown Admin API Key' for a key it
 * does not have: a deleted integration's), HS256 with the key's secret hex-decoded, an audience
 * ending in `admin/`, and issued at most 5 minutes before (Ghost's `maxAge: '5m'`). It takes
 * `POST /ghost/api/admin/posts/?source=html` with `{ posts: [{ title, html, status }] }` as Ghost
 * does (a post without a status is a draft) and keeps each post; `GET .../posts/:id/` reads one.
 */
export class FakeGhostAdmin {
  /** The posts made, in order. */
  readonly posts: { id: string; title: string; html: string; status: string; source: string }[] =
    [];
  /** Every request's method and path, in order (tests count Ghost's calls). */
  readonly requests: string[] = [];
  /** Answer the next post with this status and Ghost's error body instead (a 5xx, a 422). */
  failNext: { status: number; message: string } | null = null;
  private readonly keys = new Map<string, string>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeGhostAdmin> {
    const self: { ghost?: FakeGhostAdmin } = {};
    const server = createServer((request, response) => {
      void self.ghost!.handle(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self.ghost = new FakeGhostAdmin(server, `http://127.0.0.1:${port}`);
    return self.ghost;
  }

  /** A custom integration's Admin API key, as Ghost shows it: `<24 hex id>:<64 hex secret>`. */
  addIntegration(): string {
    const id = randomBytes(12).toString('hex');
    const secret = randomBytes(32).toString('hex');
    this.keys.set(id, secret);
    return `${id}:${secret}`;
  }

  /** The integration deleted in Ghost: its key names nothing any more. */
  revoke(key: string): void {
    this.keys.delete(key.split(':')[0]!);
  }

  /** The environment a board talks to this Ghost with. */
  env(key: string): Record<string, string> {
    return { GHOST_URL: this.url, GHOST_ADMIN_API_KEY: key };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push(`${request.method} ${url.pathname}${url.search}`);
    const body = await readBody(request);
    const refusal = await this.authenticate(request.headers.authorization);
    if (refusal) return send(response, refusal.status, ghostError(refusal.message));
    const read = /^\/ghost\/api\/admin\/posts\/([0-9a-f]{24})\/$/.exec(url.pathname);
    if (request.method === 'GET' && read) {
      const post = this.posts.find((p) => p.id === read[1]);
      return post
        ? send(response, 200, { posts: [post] })
        : send(response, 404, ghostError('Post not found.'));
    }
    if (request.method !== 'POST' || url.pathname !== '/ghost/api/admin/posts/') {
      return send(response, 404, ghostError('Resource not found'));
    }
    if (this.failNext) {
      const { status, message } = this.failNext;
      this.failNext = null;
      return send(response, status, ghostError(message));
    }
    const given = (JSON.parse(body || '{}') as { posts?: Record<string, unknown>[] }).posts?.[0];
    if (typeof given?.title !== 'string' || typeof given.html !== 'string') {
      return send(response, 422, ghostError('Validation error, cannot save post.'));
    }
    const post = {
      id: randomBytes(12).toString('hex'),
      title: given.title,
      html: given.html,
      status: typeof given.status === 'string' ? given.status : 'draft',
      source: url.searchParams.get('source') ?? '',
    };
    this.posts.push(post);
    send(response, 201, { posts: [post] });
  }

  /** Ghost's checks of an Admin API token; the refusal Ghost answers, or null. */
  private async authenticate(
    header: string | undefined,
  ): Promise<{ status: number; message: string } | null> {
    const [scheme, token] = (header ?? '').split(' ');
    if (!header || !/^Ghost$/i.test(scheme ?? '') || !token) {
      return {
        status: 401,
        message: 'Authorization header format is "Authorization: Ghost [token]"',
      };
    }
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return { status: 400, message: 'Invalid token' };
    }
    if (typeof kid !== 'string') return { status: 400, message: 'Admin API kid missing.' };
    const secret = this.keys.get(kid);
    if (!secret) return { status: 401, message: 'Unknown Admin API Key' };
    try {
      const { payload } = await jwtVerify(token, Buffer.from(secret, 'hex'), {
        algorithms: ['HS256'],
        maxTokenAge: '5m',
      });
      const audiences = [payload.aud ?? []].flat();
      if (!audiences.some((aud) => /\/?admin\/?$/.test(aud))) {
        return { status: 401, message: 'Invalid token: jwt audience invalid.' };
      }
    } catch (error) {
      return { status: 401, message: `Invalid token: ${(error as Error).message}` };
    }
    return null;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const ghostError = (message: string) => ({ errors: [{ message, type: 'Error' }] });

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
