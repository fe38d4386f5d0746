import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The release bundle (`pnpm bundle`, tools/bundle/bundle.ts) as an operator gets it: built,
 * copied to a folder outside the repository (none of the workspace's node_modules reachable) and
 * run there with environment variables only, on the machine's Node and on Node 24 (the registry's
 * `node` package: `npx -y node@24`). Each run: `jobboard migrate`, `migrate status`, `serve`
 * (/readyz, the board's page, a search, an admin sign-in), `backup` into DATA_DIR, and a stop.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let place: string;
let bundle: string;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'tools/bundle/bundle.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
  place = mkdtempSync(path.join(tmpdir(), 'jobboard-bundle-'));
  bundle = path.join(place, 'jobboard');
  cpSync(path.join(ROOT, 'dist', 'jobboard'), bundle, { recursive: true, verbatimSymlinks: true });
}, 300_000);

afterAll(() => {
  if (place) rmSync(place, { recursive: true, force: true });
}, 60_000);

/** The Node 24 binary the registry's `node` package ships (fetched once, then from npx's cache). */
function node24(): string {
  const found = spawnSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], {
    cwd: place,
    encoding: 'utf8',
  });
  expect(found.status, found.stderr).toBe(0);
  return found.stdout.trim();
}

interface Run {
  code: number | null;
  output: string;
}

const METRICS_TOKEN = 'a-metrics-token-of-at-least-32-characters';

/** The environment an operator gives: a PATH whose `node` is the one under test, and settings. */
function environment(nodeBinary: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: `${path.dirname(nodeBinary)}:/usr/bin:/bin`,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    SEED_DEMO: 'true',
    ADMIN_USERNAME: 'operator',
    ADMIN_PASSWORD: 'a long enough password',
    METRICS_TOKEN: METRICS_TOKEN,
    LOG_LEVEL: 'warn',
  };
}

function jobboard(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bundle, 'bin', 'jobboard'), args, { cwd: place, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** `jobboard serve`, resolved once its banner says the port it listens on. */
function serve(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bundle, 'bin', 'jobboard'), ['serve'], { cwd: place, env });
    let output = '';
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const port = /Job board ready at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', reject);
    child.once('close', (code) =>
      reject(new Error(`serve ended (${code}) before ready:\n${output}`)),
    );
  });
}

describe('the release bundle', () => {
  it('finds its dependencies in itself, never in the workspace', () => {
    expect(path.relative(ROOT, place).startsWith('..')).toBe(true);
    // Resolved as the bundle's code resolves them, in a process with the operator's environment
    // only (a test runner's NODE_PATH would reach the workspace's packages).
    const resolve = (name: string) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { createRequire } from 'node:module';
           const from = createRequire(${JSON.stringify(path.join(bundle, 'app', 'cli.js'))});
           try { console.log(from.resolve(${JSON.stringify(name)})); }
           catch (error) { console.log(error.code); }`,
        ],
        { cwd: place, env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' },
      ).stdout.trim();
    for (const dependency of ['fastify', 'sqlite3', '@node-rs/argon2', 'knex', 'commander']) {
      expect(resolve(dependency)).toContain(`${bundle}/node_modules/`);
    }
    // Development tools are not in it, and the workspace's node_modules are out of reach.
    for (const devOnly of ['vitest', 'tsx', 'typescript', '@rsbuild/core']) {
      expect(resolve(devOnly), devOnly).toBe('MODULE_NOT_FOUND');
    }
    expect(existsSync(path.join(bundle, 'releases', 'remotes.json'))).toBe(true);
  });

  it("answers --help with 0, lists the front end's releases, and an unknown command with 2", async () => {
    const env = environment(process.execPath, path.join(place, 'data-help'));
    const help = await jobboard(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.output).toContain('migrate');
    expect((await jobboard(['migrate', 'status', '--help'], env)).code).toBe(0);
    // The front end's releases, from the bundle: pnpm releases over its RELEASES_DIR.
    const releases = await jobboard(['releases', 'list'], env);
    expect(releases.code, releases.output).toBe(0);
    for (const app of ['shell', 'mfe_board', 'mfe_submit', 'mfe_admin']) {
      expect(releases.output).toMatch(new RegExp(`^${app} \\(.*\\): live `, 'm'));
    }
    expect((await jobboard(['releases', 'promote'], env)).code).toBe(2);
    const unknown = await jobboard(['deploy-everything'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain("unknown command 'deploy-everything'");
  });

  const runtimes: [string, () => string][] = [
    [`the machine's Node (${process.version})`, () => process.execPath],
    ['Node 24', node24],
  ];
  for (const [name, binary] of runtimes) {
    it(`migrates, serves, signs an admin in, is scraped and backs up on ${name}`, async () => {
      const nodeBinary = binary();
      const dataDir = path.join(
        place,
        `data-${path.basename(path.dirname(nodeBinary))}-${Date.now()}`,
      );
      const env = environment(nodeBinary, dataDir);
      const version = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' }).stdout.trim();
      if (name === 'Node 24') expect(version).toMatch(/^v24\./);

      const migrated = await jobboard(['migrate'], env);
      expect(migrated.code, migrated.output).toBe(0);
      expect(migrated.output).toContain('Applied');
      const status = await jobboard(['migrate', 'status'], env);
      expect(status.code, status.output).toBe(0);
      expect(status.output).toContain('Up to date.');
      expect(status.output).not.toContain('pending');

      const { child, url } = await serve(env);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
        const page = await fetch(`${url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Nonprofit Comms Jobs');
        const search = await fetch(`${url}/api/jobs/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'communications' }),
        });
        expect(search.status).toBe(200);
        expect(((await search.json()) as { jobs: unknown[] }).jobs.length).toBeGreaterThan(0);
        const login = await fetch(`${url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
          body: JSON.stringify({ username: 'operator', password: 'a long enough password' }),
        });
        expect(login.status, await login.clone().text()).toBe(200);
        expect(login.headers.get('set-cookie')).toContain('board.sid=');

        // The scraper's view: refused without the token, the request histogram with it.
        expect((await fetch(`${url}/metrics`)).status).toBe(401);
        const metrics = await fetch(`${url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(metrics.status).toBe(200);
        const scrape = await metrics.text();
        expect(scrape).toMatch(
          /^http_request_duration_seconds_count\{.*route="\/api\/jobs\/search".*\} \d+/m,
        );
        expect(scrape).toContain('jobboard_outbox_messages');

        const backup = await jobboard(['backup'], env);
        expect(backup.code, backup.output).toBe(0);
        expect(readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      // Its data stayed in DATA_DIR: nothing was written into the bundle.
      expect(existsSync(path.join(dataDir, 'board.sqlite'))).toBe(true);
      expect(existsSync(path.join(bundle, 'data'))).toBe(false);
    }, 120_000);
  }
});
