// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APPS, fileValueVersion, type AppName, type RemoteRoute } from '@jobboard/contract/site';
import { runCli, type CliContext } from './cli';
import type { ReleaseManifest } from './manifest';

const SHARED = { react: '19.3.1', '@jobboard/shared-ui': '1.1.0' };
const RANGES = { react: '^19.3.1', '@jobboard/shared-ui': '^1.1.0' };

/** One page per remote, at its own address. */
const route = (path: string, module: string): RemoteRoute => ({
  path,
  module: module as RemoteRoute['module'],
  serverRendered: false,
  title: '{board}',
});
const ROUTES: Record<AppName, RemoteRoute[] | undefined> = {
  shell: undefined,
  mfe_board: [route('/', './BoardPage'), route('/jobs/:id', './BoardPage')],
  mfe_submit: [route('/submit-job', './SubmitJobPage')],
  mfe_admin: [route('/admin/*', './AdminApp')],
};

/** The federation manifest a build writes, as far as a pin reads it: its entry file. */
const FEDERATION_MANIFEST = JSON.stringify({
  metaData: {
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    publicPath: 'auto',
  },
});
/** Each release's entry file: its own bytes. */
const entryOf = (app: AppName, version: string) => `var ${app}; /* ${version} */`;
/** The Subresource Integrity of some bytes, worked out here as a browser does. */
const sri = (bytes: string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
/** A remote's value in remotes.json as promote writes it. */
const pinned = (app: AppName, version: string) => ({
  version,
  integrity: sri(entryOf(app, version)),
});

let dir: string;
let context: CliContext;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'releases-cli-'));
  context = {
    releasesDir: dir,
    remotesConfig: path.join(dir, 'remotes.json'),
    api: { contractVersion: '1.0.0', endpoints: ['job', 'site', 'submitJob'] },
  };
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A release folder with its release.json (`manifest: null`: a folder built before them). */
function addRelease(
  app: AppName,
  version: string,
  options: {
    builtAt?: string;
    provides?: Record<string, string>;
    requires?: Partial<ReleaseManifest['requires']>;
    routes?: RemoteRoute[];
    manifest?: null | string;
    /** A shell built before shells took a newer copy from a remote (no `sharesHighest`). */
    olderShell?: boolean;
  } = {},
) {
  const folder = path.join(dir, APPS[app].folder, version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), FEDERATION_MANIFEST);
  writeFileSync(path.join(folder, 'remoteEntry.js'), entryOf(app, version));
  if (options.manifest === null) return;
  const manifest: ReleaseManifest = {
    app,
    version,
    commit: 'abc1234',
    builtAt: options.builtAt ?? '2026-11-20T10:00:00.000Z',
    provides: {
      shared: { ...SHARED, ...options.provides },
      ...(app === 'shell'
        ? { exposes: [], ...(options.olderShell ? {} : { sharesHighest: true as const }) }
        : {
            exposes: [...new Set((options.routes ?? ROUTES[app])!.map((r) => r.module))],
            routes: options.routes ?? ROUTES[app],
          }),
    },
    requires: { shared: RANGES, contract: '^1.0.0', endpoints: ['site'], ...options.requires },
  };
  writeFileSync(
    path.join(folder, 'release.json'),
    options.manifest ?? `${JSON.stringify(manifest, null, 2)}\n`,
  );
}

const writeRemotes = (versions: Record<string, unknown>) =>
  writeFileSync(context.remotesConfig, `${JSON.stringify(versions, null, 2)}\n`);
const readRemotes = () => JSON.parse(readFileSync(context.remotesConfig, 'utf8'));
/** The version (or manifest URL) remotes.json serves for `app`, pinned or not. */
const liveOf = (app: AppName): string | undefined => fileValueVersion(readRemotes()[app]);
const historyPath = () => path.join(dir, 'history.json');
const readHistory = () => JSON.parse(readFileSync(historyPath(), 'utf8'));

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, context, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('pnpm releases list', () => {
  it('shows each app, its live version and its releases newest first, the live one marked', async () => {
    addRelease('shell', '1.0.0', { builtAt: '2026-11-01T09:00:00.000Z' });
    addRelease('shell', '1.1.0', { builtAt: '2026-11-20T10:00:00.000Z' });
    addRelease('mfe_board', '1.2.0', { builtAt: '2026-11-21T08:30:00.000Z' });
    addRelease('mfe_board', '0.9.0', { manifest: null });
    const oldBuild = new Date('2026-10-01T12:00:00.000Z');
    utimesSync(path.join(dir, 'mfe-board', '0.9.0'), oldBuild, oldBuild);
    writeRemotes({
      shell: '1.0.0',
      mfe_board: '1.2.0',
      mfe_admin: 'https://admin.cdn.example.org/2.1.0/mf-manifest.json',
    });

    const { code, out } = await run('list');

    expect(code).toBe(0);
    // A folder without release.json is dated by the folder's time.
    expect(out).toBe(
      [
        'shell (shell): live 1.0.0',
        '    1.1.0  commit abc1234  built 2026-11-20T10:00:00.000Z',
        '  * 1.0.0  commit abc1234  built 2026-11-01T09:00:00.000Z',
        'mfe_board (mfe-board): live 1.2.0',
        '  * 1.2.0  commit abc1234  built 2026-11-21T08:30:00.000Z',
        '    0.9.0  cannot be promoted: it has no release.json (it was built before releases were checked)',
        'mfe_submit (mfe-submit): live none',
        '    no releases',
        'mfe_admin (mfe-admin): live https://admin.cdn.example.org/2.1.0/mf-manifest.json',
        '    no releases',
        '    the live version is served from https://admin.cdn.example.org/2.1.0/mf-manifest.json',
      ].join('\n'),
    );
  });
});

describe('pnpm releases promote', () => {
  beforeEach(() => {
    addRelease('shell', '1.0.0');
    addRelease('mfe_board', '1.0.0');
    writeRemotes({ shell: '1.0.0', mfe_board: '1.0.0' });
  });

  it('switches a release that fits, and records the switch', async () => {
    addRelease('mfe_board', '1.1.0', { requires: { endpoints: ['job', 'site'] } });

    const { code, out } = await run('promote', 'mfe-board', '1.1.0');

    expect(code).toBe(0);
    expect(out).toBe(
      'mfe_board is now live at 1.1.0 (was 1.0.0). To undo: pnpm releases rollback mfe_board',
    );
    expect(readRemotes()).toEqual({ shell: '1.0.0', mfe_board: pinned('mfe_board', '1.1.0') });
    expect(readHistory()).toEqual([
      {
        app: 'mfe_board',
        from: '1.0.0',
        to: '1.1.0',
        at: expect.any(String),
        integrity: pinned('mfe_board', '1.1.0').integrity,
      },
    ]);
  });

  it('refuses a release that does not fit, lists every reason and changes nothing', async () => {
    addRelease('mfe_board', '2.0.0', {
      provides: { '@jobboard/shared-ui': '2.0.0' },
      requires: {
        shared: { ...RANGES, '@jobboard/shared-ui': '^2.0.0' },
        contract: '^2.0.0',
        endpoints: ['job', 'jobStats'],
      },
    });
    const before = readFileSync(context.remotesConfig, 'utf8');

    const { code, err } = await run('promote', 'mfe_board', '2.0.0');

    expect(code).toBe(1);
    expect(err).toBe(
      [
        'Refused: mfe_board 2.0.0 does not fit what is live (3 reasons); nothing changed.',
        '  - mfe_board 2.0.0 was built against contract ^2.0.0, but the API has contract 1.0.0 (another major version).',
        "  - mfe_board 2.0.0 calls the endpoint 'jobStats', which the API's contract 1.0.0 does not have.",
        '  - the live shell 1.0.0 needs @jobboard/shared-ui ^1.1.0, but the page would share @jobboard/shared-ui 2.0.0 (the highest version among the live apps, from mfe_board 2.0.0).',
      ].join('\n'),
    );
    expect(readFileSync(context.remotesConfig, 'utf8')).toBe(before);
    expect(existsSync(historyPath())).toBe(false);
    expect(existsSync(`${context.remotesConfig}.lock`)).toBe(false);
  });

  it('refuses a shell that would break a live remote, naming the remote and the module', async () => {
    addRelease('mfe_board', '1.1.0', {
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.1.0' } },
    });
    writeRemotes({ shell: '1.0.0', mfe_board: '1.1.0' });
    addRelease('shell', '2.0.0', {
      provides: { '@jobboard/shared-ui': '2.0.0' },
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^2.0.0' } },
    });

    const { code, err } = await run('promote', 'shell', '2.0.0');

    expect(code).toBe(1);
    expect(err).toContain(
      '  - the live mfe_board 1.1.0 needs @jobboard/shared-ui ^1.1.0, but the page would share @jobboard/shared-ui 2.0.0 (the highest version among the live apps, from shell 2.0.0).',
    );
    expect(liveOf('shell')).toBe('1.0.0');
  });

  it('refuses a shell built before shells took a newer copy beside a remote built against a later minor', async () => {
    // The live board carries shared-ui 1.2.0: today's shell gives the page that copy.
    addRelease('mfe_board', '1.2.0', {
      provides: { '@jobboard/shared-ui': '1.2.0' },
      requires: { shared: { ...RANGES, '@jobboard/shared-ui': '^1.2.0' } },
    });
    addRelease('shell', '1.2.0');
    writeRemotes({ shell: '1.2.0', mfe_board: '1.2.0' });
    // A shell of an earlier release keeps its own 1.1.0 (its release.json has no sharesHighest).
    addRelease('shell', '0.9.0', { olderShell: true });

    const { code, err } = await run('promote', 'shell', '0.9.0');

    expect(code).toBe(1);
    expect(err).toContain(
      '  - the live mfe_board 1.2.0 needs @jobboard/shared-ui ^1.2.0, but the page would share @jobboard/shared-ui 1.1.0: shell 0.9.0 was built before shells took a newer copy from a remote, and keeps its own.',
    );
    expect(liveOf('shell')).toBe('1.2.0');
  });

  it("refuses a remote whose routes overlap another live remote's, naming both", async () => {
    addRelease('mfe_admin', '1.0.0');
    writeRemotes({ shell: '1.0.0', mfe_board: '1.0.0', mfe_admin: '1.0.0' });
    addRelease('mfe_submit', '1.1.0', {
      routes: [route('/submit-job', './SubmitJobPage'), route('/jobs/new', './SubmitJobPage')],
    });
    addRelease('mfe_submit', '1.2.0', {
      routes: [route('/submit-job', './SubmitJobPage'), route('/admin/post', './SubmitJobPage')],
    });

    const first = await run('promote', 'mfe_submit', '1.1.0');
    const second = await run('promote', 'mfe_submit', '1.2.0');

    expect(first.code).toBe(1);
    expect(first.err).toBe(
      [
        'Refused: mfe_submit 1.1.0 does not fit what is live (1 reason); nothing changed.',
        "  - mfe_submit 1.1.0's route /jobs/new overlaps the route /jobs/:id of the live mfe_board 1.0.0: one address would have two pages. Change one of the two routes.",
      ].join('\n'),
    );
    expect(second.err).toContain(
      "mfe_submit 1.2.0's route /admin/post overlaps the route /admin/* of the live mfe_admin 1.0.0",
    );
    expect(liveOf('mfe_submit')).toBeUndefined();

    // A new version of the same remote may keep (or change) its own routes.
    addRelease('mfe_board', '1.1.0', {
      routes: [
        route('/', './BoardPage'),
        route('/jobs/:id', './BoardPage'),
        route('/jobs/new', './BoardPage'),
      ],
    });
    expect((await run('promote', 'mfe_board', '1.1.0')).code).toBe(0);
  });

  it('refuses a release.json whose route names a page it does not expose', async () => {
    addRelease('mfe_board', '1.3.0', {
      manifest: JSON.stringify({
        app: 'mfe_board',
        version: '1.3.0',
        commit: 'abc1234',
        builtAt: '2026-11-20T10:00:00.000Z',
        provides: { shared: SHARED, exposes: ['./BoardPage'], routes: [route('/x', './XPage')] },
        requires: { shared: RANGES, contract: '^1.0.0', endpoints: ['site'] },
      }),
    });

    const { code, err } = await run('promote', 'mfe_board', '1.3.0');

    expect(code).toBe(1);
    expect(err).toBe(
      'mfe_board 1.3.0 cannot be promoted: provides.routes: the route /x is drawn by ./XPage, which provides.exposes does not list.' +
        ' Build it again with `pnpm --filter mfe-board release`.',
    );
  });

  it('refuses a release without release.json, saying to rebuild it', async () => {
    addRelease('mfe_board', '0.8.0', { manifest: null });

    const { code, err } = await run('promote', 'mfe_board', '0.8.0');

    expect(code).toBe(1);
    expect(err).toBe(
      'mfe_board 0.8.0 cannot be promoted: it has no release.json (it was built before releases were checked).' +
        ' Build it again with `pnpm --filter mfe-board release`.',
    );
    expect(liveOf('mfe_board')).toBe('1.0.0');
  });

  it('refuses a malformed release.json with its reason', async () => {
    addRelease('mfe_board', '1.5.0', { manifest: '{"app": "mfe_board", "version": "1.5.0"}' });
    addRelease('mfe_board', '1.6.0', { manifest: '{ not json' });

    const malformed = await run('promote', 'mfe_board', '1.5.0');
    const notJson = await run('promote', 'mfe_board', '1.6.0');

    expect(malformed.code).toBe(1);
    expect(malformed.err).toBe(
      'mfe_board 1.5.0 cannot be promoted: commit: Expected a string, but received: undefined.' +
        ' Build it again with `pnpm --filter mfe-board release`.',
    );
    expect(notJson.err).toContain('cannot be promoted: it is not valid JSON.');
    expect(liveOf('mfe_board')).toBe('1.0.0');
  });

  it('says when the release does not exist, or is already live', async () => {
    expect(await run('promote', 'mfe_board', '7.0.0')).toEqual({
      code: 1,
      out: '',
      err: `There is no release mfe_board 7.0.0: ${path.join(dir, 'mfe-board', '7.0.0')} does not exist. \`pnpm releases list\` shows the releases.`,
    });
    expect(await run('promote', 'mfe_board', '../shell/1.0.0')).toMatchObject({ code: 1 });
    expect(await run('promote', 'shell', '1.0.0')).toEqual({
      code: 0,
      out: 'shell 1.0.0 is already live: nothing changed.',
      err: '',
    });
    // Live, but promoted before entries were pinned: promoting it again pins it.
    expect(await run('promote', 'mfe_board', '1.0.0')).toEqual({
      code: 0,
      out: "mfe_board 1.0.0 was live without its entry's hash; it is now pinned by it.",
      err: '',
    });
    expect(readRemotes().mfe_board).toEqual(pinned('mfe_board', '1.0.0'));
    expect(await run('promote', 'mfe_board', '1.0.0')).toEqual({
      code: 0,
      out: 'mfe_board 1.0.0 is already live: nothing changed.',
      err: '',
    });
  });

  // Issue 43, finding 4: what a remote serves is pinned at promote.
  it("pins a remote by its entry file's SHA-384, beside its version and in the history; not the shell", async () => {
    addRelease('mfe_board', '1.1.0');
    addRelease('shell', '1.1.0');
    expect((await run('promote', 'mfe_board', '1.1.0')).code).toBe(0);
    expect((await run('promote', 'shell', '1.1.0')).code).toBe(0);
    const integrity = sri(entryOf('mfe_board', '1.1.0'));
    expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(readRemotes()).toEqual({ shell: '1.1.0', mfe_board: { version: '1.1.0', integrity } });
    expect(readHistory().map((entry: { integrity?: string }) => entry.integrity)).toEqual([
      integrity,
      undefined,
    ]);
  });

  it('refuses a remote whose manifest names no entry file, or whose entry file is not there', async () => {
    addRelease('mfe_board', '1.2.0');
    writeFileSync(path.join(dir, 'mfe-board', '1.2.0', 'mf-manifest.json'), '{}');
    addRelease('mfe_board', '1.3.0');
    rmSync(path.join(dir, 'mfe-board', '1.3.0', 'remoteEntry.js'));

    expect((await run('promote', 'mfe_board', '1.2.0')).err).toBe(
      'mfe_board 1.2.0 cannot be promoted: its mf-manifest.json names no entry file (metaData.remoteEntry).' +
        ' Build it again with `pnpm --filter mfe-board release`.',
    );
    expect((await run('promote', 'mfe_board', '1.3.0')).err).toContain(
      'the entry file its mf-manifest.json names, remoteEntry.js, is not there',
    );
    expect(liveOf('mfe_board')).toBe('1.0.0');
  });

  it('refuses a release whose entry file changed since it was promoted', async () => {
    addRelease('mfe_board', '1.1.0');
    await run('promote', 'mfe_board', '1.1.0');
    await run('promote', 'mfe_board', '1.0.0');
    const before = readRemotes();
    const recorded = sri(entryOf('mfe_board', '1.1.0'));
    writeFileSync(path.join(dir, 'mfe-board', '1.1.0', 'remoteEntry.js'), 'alert("changed")');

    for (const args of [
      ['promote', 'mfe_board', '1.1.0'],
      ['rollback', 'mfe_board'],
    ]) {
      const { code, err } = await run(...args);
      expect(code, args.join(' ')).toBe(1);
      expect(err).toBe(
        `mfe_board 1.1.0 cannot be promoted: its entry file changed since it was promoted (recorded ${recorded}, now ${sri('alert("changed")')}), ` +
          "and a release's files never change once built. Find out who changed it; ship a new build as a new version.",
      );
    }
    expect(readRemotes()).toEqual(before);
  });

  describe('a remote on another origin', () => {
    const MANIFEST = 'https://admin.cdn.example.org/2.1.0/mf-manifest.json';
    const ENTRY = 'https://admin.cdn.example.org/2.1.0/remoteEntry.js';
    let served: Record<string, string>;
    let asked: string[];
    beforeEach(() => {
      served = { [MANIFEST]: FEDERATION_MANIFEST, [ENTRY]: 'var mfe_admin; /* 2.1.0 */' };
      asked = [];
      context.fetch = async (url) => {
        asked.push(url);
        const body = served[url];
        return body === undefined ? new Response('no', { status: 404 }) : new Response(body);
      };
    });

    it('is promoted by its manifest URL: its entry fetched where the runtime will, and pinned', async () => {
      const { code, out } = await run('promote', 'mfe_admin', MANIFEST);

      expect(code).toBe(0);
      expect(out).toBe(
        [
          `Note: the live mfe_admin is served from ${MANIFEST}; its requirements were not checked.`,
          `mfe_admin is now live at ${MANIFEST} (was none). To undo: pnpm releases rollback mfe_admin`,
        ].join('\n'),
      );
      expect(asked).toEqual([MANIFEST, ENTRY]);
      expect(readRemotes().mfe_admin).toEqual({
        version: MANIFEST,
        integrity: sri('var mfe_admin; /* 2.1.0 */'),
      });
    });

    it('is refused over http, with the reason, and nothing is fetched or changed', async () => {
      const before = readFileSync(context.remotesConfig, 'utf8');
      const http = MANIFEST.replace('https:', 'http:');

      const { code, err } = await run('promote', 'mfe_admin', http);

      expect(code).toBe(1);
      expect(err).toBe(
        `mfe_admin cannot be served from ${http}: ${http} is refused: http:// on another origin: ` +
          'anyone on the way could change the scripts the page runs. Serve the remote over https:// ' +
          "(http:// is taken only from the site's own origin, or from this machine in development). Nothing was changed.",
      );
      expect(asked).toEqual([]);
      expect(readFileSync(context.remotesConfig, 'utf8')).toBe(before);
    });

    it('is refused when its entry cannot be fetched, and a shell is never served from elsewhere', async () => {
      delete served[ENTRY];
      expect((await run('promote', 'mfe_admin', MANIFEST)).err).toBe(
        `mfe_admin cannot be served from ${MANIFEST}: ${ENTRY} could not be fetched (HTTP 404). Nothing was changed.`,
      );
      expect((await run('promote', 'shell', MANIFEST)).err).toBe(
        `The shell cannot be served from ${MANIFEST}: it is the site's own page, served from releases/.`,
      );
      expect(liveOf('mfe_admin')).toBeUndefined();
    });
  });

  it('refuses usage errors and unknown apps', async () => {
    expect(await run('promote', 'mfe_board')).toMatchObject({
      code: 2,
      err: 'Usage: pnpm releases promote <app> <version>. Run `pnpm releases --help` for more.',
    });
    expect(await run('promote', 'board', '1.0.0')).toMatchObject({
      code: 1,
      err: 'There is no app "board": the apps are shell, mfe_board, mfe_submit, mfe_admin.',
    });
    expect(await run('deploy')).toMatchObject({ code: 2 });
  });
});

describe('pnpm releases rollback', () => {
  beforeEach(() => {
    addRelease('shell', '1.0.0');
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) addRelease('mfe_board', version);
    writeRemotes({ shell: '1.0.0', mfe_board: '1.0.0' });
  });

  it('returns to the version before the last promote, one promote at a time', async () => {
    await run('promote', 'mfe_board', '1.1.0');
    await run('promote', 'mfe_board', '1.2.0');

    expect(await run('rollback', 'mfe_board')).toEqual({
      code: 0,
      out: 'mfe_board is back at 1.1.0 (was 1.2.0).',
      err: '',
    });
    expect(liveOf('mfe_board')).toBe('1.1.0');
    expect((await run('rollback', 'mfe_board')).code).toBe(0);
    expect(liveOf('mfe_board')).toBe('1.0.0');
    expect(readHistory().map((e: { to: string }) => e.to)).toEqual([
      '1.1.0',
      '1.2.0',
      '1.1.0',
      '1.0.0',
    ]);

    expect(await run('rollback', 'mfe_board')).toEqual({
      code: 1,
      out: '',
      err: 'Nothing to roll back: releases/history.json has no promote of mfe_board still in force.',
    });
  });

  it('says there is nothing to roll back to without a history', async () => {
    expect(await run('rollback', 'mfe_submit')).toEqual({
      code: 1,
      out: '',
      err: 'Nothing to roll back: releases/history.json has no promote of mfe_submit still in force.',
    });
  });

  it('checks the version it returns to like a promote', async () => {
    addRelease('mfe_board', '0.9.0', { manifest: null });
    writeRemotes({ shell: '1.0.0', mfe_board: '0.9.0' });
    await run('promote', 'mfe_board', '1.1.0');

    const { code, err } = await run('rollback', 'mfe_board');

    expect(code).toBe(1);
    expect(err).toContain('mfe_board 0.9.0 cannot be promoted: it has no release.json');
    expect(liveOf('mfe_board')).toBe('1.1.0');
  });

  it('refuses when remotes.json was changed by hand since the last promote', async () => {
    await run('promote', 'mfe_board', '1.1.0');
    writeRemotes({ shell: '1.0.0', mfe_board: '1.2.0' });

    expect((await run('rollback', 'mfe_board')).err).toBe(
      'mfe_board is live at 1.2.0, but its last promote was to 1.1.0: remotes.json was changed by hand. ' +
        'Promote the version you want instead (`pnpm releases promote`).',
    );
  });
});

describe('the pnpm releases script', () => {
  it('runs the command with RELEASES_DIR and REMOTES_CONFIG, and exits 1 on a refusal', () => {
    addRelease('shell', '1.0.0');
    addRelease('mfe_board', '1.0.0', { requires: { endpoints: ['noSuchEndpoint'] } });
    writeRemotes({ shell: '1.0.0' });
    const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

    const result = spawnSync(
      path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [path.join(import.meta.dirname, 'cli.ts'), 'promote', 'mfe_board', '1.0.0'],
      {
        encoding: 'utf8',
        env: { ...process.env, RELEASES_DIR: dir, REMOTES_CONFIG: context.remotesConfig },
      },
    );

    expect(result.stderr).toContain(
      "  - mfe_board 1.0.0 calls the endpoint 'noSuchEndpoint', which the API's contract",
    );
    expect(result.status).toBe(1);
    expect(readRemotes()).toEqual({ shell: '1.0.0' });
  });
});
