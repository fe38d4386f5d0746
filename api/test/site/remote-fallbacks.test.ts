import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BootConfig, RemoteLocation } from '@jobboard/contract/site';
import {
  GOOD_REMOTES,
  SHELL_PROVIDES,
  fakeReleases,
  writeHistory,
  writeRelease,
  writeRemotes,
} from '../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The remotes configuration the server inlines in every page and answers at /remotes.json: each
 * remote's live build with its release.json, its earlier promoted versions still on disk
 * (history.json beside remotes.json, newest first, at most 3) and the version the server's check
 * picked, which it draws and preloads (docs/frontend-delivery.md#the-load-time-check).
 */

let t: TestApp | undefined;
let dir: string | undefined;
const lines: string[] = [];
afterEach(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  t = undefined;
  dir = undefined;
  lines.length = 0;
});

const FITS = { react: '^19.3.1', '@jobboard/shared-ui': '^1.1.0' };
const SHARED_UI_9 = { react: '^19.3.1', '@jobboard/shared-ui': '^9.0.0' };

const switched = (from: string | null, to: string, day: number) => ({
  app: 'mfe_board',
  from,
  to,
  at: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});

/** The releases folder of GOOD_REMOTES, the shell with its release.json, and the site on it. */
async function site(
  setup: (dir: string) => void = () => {},
  remotes: Record<string, unknown> = GOOD_REMOTES,
) {
  dir = fakeReleases(remotes);
  writeRelease(dir, 'shell', '1.0.0-a', SHELL_PROVIDES);
  setup(dir);
  t = await buildTestApp({
    env: { RELEASES_DIR: dir },
    logStream: { write: (line) => void lines.push(line) },
  });
  return t;
}

const board = (version: string) => ({
  entry: `/assets/mfe-board/${version}/mf-manifest.json`,
  version,
  release: `/assets/mfe-board/${version}/release.json`,
});

async function remotesOf(app: TestApp): Promise<Record<string, RemoteLocation>> {
  const res = await app.app.inject('/remotes.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  // The page carries the same configuration inline.
  const page = await app.app.inject('/job-list');
  const boot = JSON.parse(
    /<script id="boot-config" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!,
  ) as BootConfig;
  expect(boot.remotes).toEqual(res.json());
  return res.json();
}

const historyRefusals = () => lines.filter((line) => line.includes('release history refused'));

describe(`a remote's fallbacks on ${testDatabase}`, () => {
  it('none without a history: the live build, picked because it fits the live shell', async () => {
    const app = await site((d) => writeRelease(d, 'mfe_board', '2.0.0-b', FITS));
    const remotes = await remotesOf(app);
    expect(remotes.mfe_board).toEqual({ ...board('2.0.0-b'), fallbacks: [], picked: '2.0.0-b' });
    // A remote on another origin: its release.json is beside its manifest, and not checked here.
    expect(remotes.mfe_admin).toEqual({
      entry: GOOD_REMOTES.mfe_admin,
      version: GOOD_REMOTES.mfe_admin,
      release: 'https://admin.cdn.example.org/3.0.0/release.json',
      fallbacks: [],
    });
  });

  it('several: the earlier promoted versions on disk, newest first, at most 3', async () => {
    const app = await site((d) => {
      for (const version of ['1.0.0-w', '1.1.0-x', '1.2.0-y', '1.3.0-z']) {
        writeRelease(d, 'mfe_board', version, FITS);
      }
      writeRelease(d, 'mfe_board', '2.0.0-b', FITS);
      writeHistory(d, [
        switched(null, '1.0.0-w', 1),
        switched('1.0.0-w', '1.1.0-x', 2),
        switched('1.1.0-x', '1.2.0-y', 3),
        switched('1.2.0-y', '1.3.0-z', 4),
        switched('1.3.0-z', '2.0.0-b', 5),
      ]);
    });
    const remotes = await remotesOf(app);
    expect(remotes.mfe_board).toEqual({
      ...board('2.0.0-b'),
      fallbacks: [board('1.3.0-z'), board('1.2.0-y'), board('1.1.0-x')],
      picked: '2.0.0-b',
    });
  });

  it('a live build that does not fit: the server picks, draws and preloads the newest one that does', async () => {
    const app = await site((d) => {
      writeRelease(d, 'mfe_board', '1.2.0-y', FITS);
      // Newer than y, but built against another shared-ui major: skipped too.
      writeRelease(d, 'mfe_board', '1.3.0-z', SHARED_UI_9);
      writeRelease(d, 'mfe_board', '2.0.0-b', SHARED_UI_9);
      writeHistory(d, [
        switched(null, '1.2.0-y', 3),
        switched('1.2.0-y', '1.3.0-z', 4),
        switched('1.3.0-z', '2.0.0-b', 5),
      ]);
    });
    const remotes = await remotesOf(app);
    expect(remotes.mfe_board).toEqual({
      ...board('2.0.0-b'),
      fallbacks: [board('1.3.0-z'), board('1.2.0-y')],
      picked: '1.2.0-y',
    });
    // The page preloads what the shell's check reads (the live release.json, then the picked
    // one's) and the picked build's files, never the live build's.
    const page = (await app.app.inject('/')).body;
    for (const file of [
      '/assets/mfe-board/2.0.0-b/release.json',
      '/assets/mfe-board/1.2.0-y/release.json',
      '/assets/mfe-board/1.2.0-y/mf-manifest.json',
      '/assets/mfe-board/1.2.0-y/remoteEntry.js',
      '/assets/mfe-board/1.2.0-y/static/js/board-page.js',
    ]) {
      expect(page).toContain(`href="${file}"`);
    }
    expect(page).not.toContain('href="/assets/mfe-board/2.0.0-b/mf-manifest.json"');
    expect(page).not.toContain('href="/assets/mfe-board/2.0.0-b/remoteEntry.js"');
  });

  it('a build carrying a newer shared-ui minor: picked, registered before the shell starts, drawn in the browser', async () => {
    const app = await site((d) =>
      writeRelease(
        d,
        'mfe_board',
        '2.0.0-b',
        { react: '^19.3.1', '@jobboard/shared-ui': '^1.2.0' },
        { provides: { react: '19.3.1', '@jobboard/shared-ui': '1.2.0' } },
      ),
    );
    const remotes = await remotesOf(app);
    // Its shared-ui 1.2.0 serves the shell's ^1.1.0 too: the page shares that copy, so the
    // shell registers the board before it picks one.
    expect(remotes.mfe_board).toEqual({
      ...board('2.0.0-b'),
      fallbacks: [],
      picked: '2.0.0-b',
      sharesFirst: true,
    });
    // On the server its entry would run with the shell's shared-ui 1.1.0: it is not used there.
    expect(app.app.releases.serverRenderedVersion('mfe_board')).toBeNull();
    expect(app.app.releases.servedVersion('mfe_board')).toBe('2.0.0-b');
  });

  it('beside a shell built before shells took a newer copy, a build carrying a newer minor is not picked: the one before is', async () => {
    const app = await site((d) => {
      // The live shell of an earlier release keeps its own shared-ui 1.1.0 (no sharesHighest).
      writeRelease(d, 'shell', '1.0.0-a', SHELL_PROVIDES, { olderShell: true });
      writeRelease(d, 'mfe_board', '1.2.0-y', FITS);
      writeRelease(
        d,
        'mfe_board',
        '2.0.0-b',
        { react: '^19.3.1', '@jobboard/shared-ui': '^1.2.0' },
        { provides: { react: '19.3.1', '@jobboard/shared-ui': '1.2.0' } },
      );
      writeHistory(d, [switched(null, '1.2.0-y', 3), switched('1.2.0-y', '2.0.0-b', 4)]);
    });
    const remotes = await remotesOf(app);
    expect(remotes.mfe_board).toEqual({
      ...board('2.0.0-b'),
      fallbacks: [board('1.2.0-y')],
      picked: '1.2.0-y',
    });
  });

  it('none that fits: picked is null, and nothing of the board is preloaded but its release.json', async () => {
    const app = await site((d) => {
      writeRelease(d, 'mfe_board', '1.3.0-z', SHARED_UI_9);
      // Malformed: refused like a misfit.
      writeRelease(d, 'mfe_board', '1.2.0-y', FITS, { releaseJson: '{"app": "mfe_bo' });
      writeRelease(d, 'mfe_board', '2.0.0-b', SHARED_UI_9);
      writeHistory(d, [
        switched(null, '1.2.0-y', 3),
        switched('1.2.0-y', '1.3.0-z', 4),
        switched('1.3.0-z', '2.0.0-b', 5),
      ]);
    });
    expect((await remotesOf(app)).mfe_board!.picked).toBeNull();
    const page = (await app.app.inject('/')).body;
    expect(page).toContain('href="/assets/mfe-board/2.0.0-b/release.json"');
    expect(page).not.toContain('remoteEntry.js');
  });

  it('one deleted from disk: left out at the next request, and the next one picked', async () => {
    const app = await site((d) => {
      writeRelease(d, 'mfe_board', '1.1.0-x', FITS);
      writeRelease(d, 'mfe_board', '1.2.0-y', FITS);
      writeRelease(d, 'mfe_board', '2.0.0-b', SHARED_UI_9);
      writeHistory(d, [
        switched(null, '1.1.0-x', 2),
        switched('1.1.0-x', '1.2.0-y', 3),
        switched('1.2.0-y', '2.0.0-b', 5),
      ]);
    });
    expect((await remotesOf(app)).mfe_board).toEqual({
      ...board('2.0.0-b'),
      fallbacks: [board('1.2.0-y'), board('1.1.0-x')],
      picked: '1.2.0-y',
    });
    rmSync(path.join(dir!, 'mfe-board', '1.2.0-y'), { recursive: true });
    expect((await remotesOf(app)).mfe_board).toEqual({
      ...board('2.0.0-b'),
      fallbacks: [board('1.1.0-x')],
      picked: '1.1.0-x',
    });
    // The cached page follows: it preloads the build now picked.
    expect((await app.app.inject('/')).body).toContain(
      'href="/assets/mfe-board/1.1.0-x/remoteEntry.js"',
    );
  });

  it("pinned builds (issue 43, finding 4): the live one's entry hash from remotes.json, a fallback's from the history, and the page preloads the entry as the shell will load it", async () => {
    const LIVE_PIN = `sha384-${'L'.repeat(64)}`;
    const CHUNK = 'console.log("the board page");';
    const OLD_PIN = `sha384-${'O'.repeat(64)}`;
    const app = await site(
      (d) => {
        writeRelease(d, 'mfe_board', '1.2.0-y', FITS);
        writeRelease(d, 'mfe_board', '2.0.0-b', FITS);
        mkdirSync(path.join(d, 'mfe-board', '2.0.0-b', 'static', 'js'), { recursive: true });
        writeFileSync(path.join(d, 'mfe-board', '2.0.0-b', 'static', 'js', 'board-page.js'), CHUNK);
        writeHistory(d, [
          { ...switched(null, '1.2.0-y', 3), integrity: OLD_PIN },
          { ...switched('1.2.0-y', '2.0.0-b', 5), integrity: LIVE_PIN },
        ]);
      },
      { ...GOOD_REMOTES, mfe_board: { version: '2.0.0-b', integrity: LIVE_PIN } },
    );
    expect((await remotesOf(app)).mfe_board).toEqual({
      ...board('2.0.0-b'),
      integrity: LIVE_PIN,
      fallbacks: [{ ...board('1.2.0-y'), integrity: OLD_PIN }],
      picked: '2.0.0-b',
    });
    // As the shell loads them: the entry in CORS mode with its pin, its chunks in CORS mode with
    // their hashes (which the entry carries), so the browser uses what the page preloaded.
    const page = (await app.app.inject('/')).body;
    expect(page).toContain(
      `<link rel="preload" as="script" crossorigin integrity="${LIVE_PIN}" href="/assets/mfe-board/2.0.0-b/remoteEntry.js">`,
    );
    const chunkHash = createHash('sha384').update(CHUNK).digest('base64');
    expect(page).toContain(
      `<link rel="preload" as="script" crossorigin integrity="sha384-${chunkHash}" href="/assets/mfe-board/2.0.0-b/static/js/board-page.js">`,
    );
  });

  it('a live shell without a release.json: the fallbacks are offered, the browser checks alone', async () => {
    dir = fakeReleases();
    writeRelease(dir, 'mfe_board', '1.2.0-y', FITS);
    writeHistory(dir, [switched(null, '1.2.0-y', 3), switched('1.2.0-y', '2.0.0-b', 5)]);
    t = await buildTestApp({ env: { RELEASES_DIR: dir } });
    expect((await remotesOf(t)).mfe_board).toEqual({
      ...board('2.0.0-b'),
      fallbacks: [board('1.2.0-y')],
    });
  });

  it.each([
    ['not JSON', '[{"app": "mfe_board"'],
    ['not a list of switches', JSON.stringify([{ app: 'mfe_board', to: 7 }])],
    ['a switch of an unknown app', JSON.stringify([{ ...switched(null, 'a', 1), app: 'nope' }])],
  ])(
    'a malformed history.json (%s) is refused once in the log, and the last good one is kept',
    async (_, text) => {
      const app = await site((d) => {
        writeRelease(d, 'mfe_board', '1.2.0-y', FITS);
        writeRelease(d, 'mfe_board', '2.0.0-b', FITS);
        writeHistory(d, [switched(null, '1.2.0-y', 3), switched('1.2.0-y', '2.0.0-b', 5)]);
      });
      const before = (await remotesOf(app)).mfe_board;
      expect(before!.fallbacks).toEqual([board('1.2.0-y')]);

      writeHistory(dir!, text);
      for (const url of ['/', '/job-list', '/submit-job', '/remotes.json']) {
        expect((await app.app.inject(url)).statusCode, url).toBe(200);
      }
      expect((await remotesOf(app)).mfe_board).toEqual(before);
      expect(historyRefusals()).toHaveLength(1);
      expect(JSON.parse(historyRefusals()[0]!)).toMatchObject({ level: 40 });

      // Fixed: read again at once.
      writeHistory(dir!, [switched(null, '2.0.0-b', 5)]);
      expect((await remotesOf(app)).mfe_board!.fallbacks).toEqual([]);
    },
  );

  it('a malformed history.json at start: no fallbacks, one log line, pages served', async () => {
    const app = await site((d) => {
      writeRelease(d, 'mfe_board', '2.0.0-b', FITS);
      writeHistory(d, 'null');
    });
    expect((await app.app.inject('/')).statusCode).toBe(200);
    expect((await remotesOf(app)).mfe_board!.fallbacks).toEqual([]);
    expect(historyRefusals()).toHaveLength(1);
  });

  it('a history naming versions that are no folders (a URL, a path) offers none of them', async () => {
    const app = await site((d) => {
      writeRelease(d, 'mfe_board', '2.0.0-b', FITS);
      writeHistory(d, [
        switched(null, 'https://board.cdn.example.org/1.0.0/mf-manifest.json', 1),
        switched('https://board.cdn.example.org/1.0.0/mf-manifest.json', '../../etc', 2),
        switched('../../etc', '2.0.0-b', 5),
      ]);
    });
    expect((await remotesOf(app)).mfe_board!.fallbacks).toEqual([]);
  });

  it('follows a promote: remotes.json and history.json changed together', async () => {
    const app = await site((d) => {
      writeRelease(d, 'mfe_board', '2.0.0-b', FITS);
      writeRelease(d, 'mfe_board', '2.1.0-c', FITS);
      writeHistory(d, [switched(null, '2.0.0-b', 5)]);
    });
    expect((await remotesOf(app)).mfe_board!.fallbacks).toEqual([]);
    writeRemotes(dir!, { ...GOOD_REMOTES, mfe_board: '2.1.0-c' });
    writeHistory(dir!, [switched(null, '2.0.0-b', 5), switched('2.0.0-b', '2.1.0-c', 6)]);
    expect((await remotesOf(app)).mfe_board).toEqual({
      ...board('2.1.0-c'),
      fallbacks: [board('2.0.0-b')],
      picked: '2.1.0-c',
    });
  });
});
