// @vitest-environment node
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { runCli } from './cli';
import { readRelease } from './manifest';

const REPO = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const APP = path.join(REPO, 'mfe-admin');
const VERSION = '1.0.0-releasetest';

/**
 * A real `release` of one remote (mfe-admin: no server build, the quickest; about 20 s on a busy
 * 2-core machine), run as pnpm runs the package script: the script's command in the app's folder
 * with its node_modules/.bin on the PATH.
 */
describe('pnpm --filter mfe-admin release', () => {
  let dir: string;
  let output = '';
  let exitCode: number | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'releases-build-'));
    writeFileSync(path.join(dir, 'remotes.json'), '{ "mfe_admin": "0.1.0" }\n');
    const script = JSON.parse(readFileSync(path.join(APP, 'package.json'), 'utf8')).scripts.release;
    const child = spawn('sh', ['-c', script], {
      cwd: APP,
      env: {
        ...process.env,
        PATH: `${path.join(APP, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
        RELEASES_DIR: dir,
        BUILD_VERSION: VERSION,
      },
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    [exitCode] = await once(child, 'close');
  }, 300_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the release with its release.json, says how to promote it, and does not switch', () => {
    expect(exitCode, output).toBe(0);
    const read = readRelease(path.join(dir, 'mfe-admin', VERSION), 'mfe_admin', VERSION);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.manifest.provides.exposes).toEqual(['./AdminApp']);
    // Its routes, as mfe-admin/src/routes.ts declares them, for the server and the shell.
    expect(read.manifest.provides.routes).toEqual([
      { path: '/admin/*', module: './AdminApp', serverRendered: false, title: 'Admin | {board}' },
    ]);
    expect(existsSync(path.join(dir, 'mfe-admin', VERSION, 'server'))).toBe(false);
    expect(read.manifest.requires.endpoints).toContain('adminJobPage');
    expect(output).toContain(`to make it live: pnpm releases promote mfe_admin ${VERSION}`);
    expect(readFileSync(path.join(dir, 'remotes.json'), 'utf8')).toBe('{ "mfe_admin": "0.1.0" }\n');
    expect(existsSync(path.join(dir, 'history.json'))).toBe(false);
  });

  it('is promoted beside a shell built with the same packages', async () => {
    const shell = path.join(dir, 'shell', '1.0.0');
    mkdirSync(shell, { recursive: true });
    const admin = readFileSync(path.join(dir, 'mfe-admin', VERSION, 'release.json'), 'utf8');
    const built = JSON.parse(admin);
    writeFileSync(
      path.join(shell, 'release.json'),
      JSON.stringify({
        ...built,
        app: 'shell',
        version: '1.0.0',
        // A shell's: the same shared modules, no pages and no routes of its own.
        provides: { shared: built.provides.shared, exposes: [] },
      }),
    );
    writeFileSync(path.join(dir, 'remotes.json'), '{ "shell": "1.0.0", "mfe_admin": "0.1.0" }');
    const contract = JSON.parse(
      readFileSync(path.join(REPO, 'api', 'contract', 'package.json'), 'utf8'),
    );
    const lines: string[] = [];

    const code = await runCli(
      ['promote', 'mfe-admin', VERSION],
      {
        releasesDir: dir,
        remotesConfig: path.join(dir, 'remotes.json'),
        api: { contractVersion: contract.version, endpoints: Object.keys(ENDPOINTS) },
      },
      { out: (line) => lines.push(line), err: (line) => lines.push(line) },
    );

    expect(lines).toEqual([
      `mfe_admin is now live at ${VERSION} (was 0.1.0). To undo: pnpm releases rollback mfe_admin`,
    ]);
    expect(code).toBe(0);
  });
});
