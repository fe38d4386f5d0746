import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@jobboard/api/test-support';
import type { InstalledGhost } from './install';

/** Ghost's first staff user, made by its setup endpoint. */
const OWNER = {
  name: 'Interop Owner',
  email: 'owner@example.org',
  password: 'Tz8vQ4-mLp2xW-r7kNd3',
};
const START_TIMEOUT_MS = 180_000;

/**
 * A real Ghost site on 127.0.0.1, installed from the registry (install.ts) and run on SQLite in a
 * throw-away folder: its members sign in through its Portal and e-mailed magic links (sent over
 * SMTP to the tests' own peer), and its `/members/api/session` hands out the identity tokens the
 * board checks. Its address is `http://localhost:<port>`, a different site from the board's
 * `127.0.0.1`, as a publication and its board are.
 *
 *   const ghost = await GhostSite.start(installed, { smtpPort });
 *   await ghost.setUp();
 *   await ghost.setCodeInjection(snippet);
 *   await ghost.addMember('reader@example.org');
 *   const { id, adminApiKey } = await ghost.addIntegration('Job board');
 *   await ghost.stop();
 */
export class GhostSite {
  private cookie = '';
  private output = '';

  private constructor(
    readonly installed: InstalledGhost,
    readonly url: string,
    private readonly child: ChildProcess,
    private readonly runDir: string,
    private readonly portal: Server,
  ) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  static async start(installed: InstalledGhost, options: { smtpPort: number }): Promise<GhostSite> {
    const portal = await servePortal(installed.portalDir);
    const portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const runDir = mkdtempSync(path.join(tmpdir(), `jobboard-ghost-${installed.peer.version}-`));
    cpSync(path.join(installed.dir, 'content'), path.join(runDir, 'content'), { recursive: true });
    // Ghost reads its configuration from the environment (nconf: `__` separates levels).
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: runDir,
      NODE_ENV: 'production',
      url,
      server__host: '127.0.0.1',
      server__port: String(port),
      database__client: 'sqlite3',
      database__connection__filename: path.join(runDir, 'ghost.db'),
      database__useNullAsDefault: 'true',
      paths__contentPath: path.join(runDir, 'content'),
      logging__transports: '["stdout"]',
      logging__level: 'warn',
      mail__transport: 'SMTP',
      mail__from: 'ghost@example.org',
      mail__options__host: '127.0.0.1',
      mail__options__port: String(options.smtpPort),
      mail__options__secure: 'false',
      mail__options__ignoreTLS: 'true',
      portal__url: `${portalUrl}/portal.min.js`,
      // Nothing outside is reachable: no update checks or pings.
      privacy__useUpdateCheck: 'false',
      privacy__useGravatar: 'false',
      privacy__useRpcPing: 'false',
    };
    const child = spawn(installed.nodeBin, ['index.js'], {
      cwd: installed.dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ghost = new GhostSite(installed, url, child, runDir, portal);
    await ghost.ready();
    return ghost;
  }

  /** The site's members API: the issuer and audience of its identity tokens. */
  get membersApi(): string {
    return `${this.url}/members/api`;
  }

  /** Ghost's first run: the owner account, then a staff session for the Admin API. */
  async setUp(): Promise<void> {
    await this.admin('POST', 'authentication/setup/', {
      setup: [{ ...OWNER, blogTitle: 'Interop Gazette' }],
    });
    const res = await fetch(`${this.url}/ghost/api/admin/session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.url },
      body: JSON.stringify({ username: OWNER.email, password: OWNER.password }),
    });
    if (!res.ok) throw new Error(`Ghost staff sign-in: ${res.status} ${await res.text()}`);
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // Ghost answers the sign-in before its session store has the session: a write at once is
    // refused ("Unable to determine the authenticated user"). Wait until the session reads back.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const me = await fetch(`${this.url}/ghost/api/admin/users/me/`, {
        headers: { origin: this.url, cookie: this.cookie },
      });
      if (me.ok) return;
      if (Date.now() > deadline) throw new Error(`Ghost's staff session never took: ${me.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Settings -> Code injection -> Site footer, as an admin pastes it. */
  async setCodeInjection(footer: string): Promise<void> {
    await this.admin('PUT', 'settings/', {
      settings: [{ key: 'codeinjection_foot', value: footer }],
    });
  }

  /** A member of the publication (as one who signed up long ago). */
  async addMember(email: string): Promise<void> {
    await this.admin('POST', 'members/', { members: [{ email, name: 'Interop Reader' }] });
  }

  /**
   * A custom integration (Settings > Integrations > Add custom integration), made through the
   * Admin API with the staff session: its id, and its Admin API key as Ghost shows it
   * (`<id>:<secret>`; Ghost's answer writes the admin key's `secret` so).
   */
  async addIntegration(name: string): Promise<{ id: string; adminApiKey: string }> {
    const answer = (await this.admin('POST', 'integrations/?include=api_keys', {
      integrations: [{ name }],
    })) as { integrations: { id: string; api_keys: { type: string; secret: string }[] }[] };
    const [integration] = answer.integrations;
    const adminKey = integration?.api_keys.find((key) => key.type === 'admin');
    if (!integration || !adminKey)
      throw new Error(`Ghost made no admin key: ${JSON.stringify(answer)}`);
    return { id: integration.id, adminApiKey: adminKey.secret };
  }

  /** The integration deleted in Ghost (its keys with it), as a staff user deletes it. */
  async deleteIntegration(id: string): Promise<void> {
    await this.admin('DELETE', `integrations/${id}/`);
  }

  /** One post as Ghost's Admin API answers it, with `formats` (`html`, `lexical`). */
  async post(id: string, formats: string[]): Promise<Record<string, unknown>> {
    const answer = (await this.admin('GET', `posts/${id}/?formats=${formats.join(',')}`)) as {
      posts: Record<string, unknown>[];
    };
    return answer.posts[0]!;
  }

  /** The ids of the site's draft posts. */
  async drafts(): Promise<string[]> {
    const answer = (await this.admin('GET', 'posts/?filter=status:draft&limit=all&fields=id')) as {
      posts: { id: string }[];
    };
    return answer.posts.map((post) => post.id);
  }

  /** The site's member keys, as the board fetches them. */
  async memberKeys(): Promise<{ kty: string; kid: string; n: string; e: string }[]> {
    const res = await fetch(`${this.url}/members/.well-known/jwks.json`);
    return ((await res.json()) as { keys: { kty: string; kid: string; n: string; e: string }[] })
      .keys;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const ended = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
      await ended;
      clearTimeout(timer);
    }
    this.portal.closeAllConnections();
    await new Promise((resolve) => this.portal.close(resolve));
    rmSync(this.runDir, { recursive: true, force: true });
  }

  private async admin(method: string, endpoint: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.url}/ghost/api/admin/${endpoint}`, {
      method,
      headers: { 'content-type': 'application/json', origin: this.url, cookie: this.cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Ghost Admin API ${method} ${endpoint}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** Until Ghost answers its Admin API's site endpoint (it migrates a new database first). */
  private async ready(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let exited = false;
    this.child.once('exit', () => (exited = true));
    while (Date.now() < deadline) {
      if (exited) break;
      try {
        if ((await fetch(`${this.url}/ghost/api/admin/site/`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const why = exited ? 'exited' : `did not answer within ${START_TIMEOUT_MS / 1000} s`;
    await this.stop();
    throw new Error(`${this.installed.peer.label} ${why}:\n${this.output}`);
  }
}

/**
 * Portal's script and styles on 127.0.0.1, as jsDelivr serves them: Ghost loads the script with
 * `crossorigin="anonymous"`, so the answer must allow any origin.
 */
async function servePortal(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const file = path.join(dir, path.basename(new URL(request.url ?? '/', 'http://x').pathname));
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': file.endsWith('.css') ? 'text/css' : 'text/javascript',
      'access-control-allow-origin': '*',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
