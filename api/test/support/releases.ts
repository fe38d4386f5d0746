import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

export const GOOD_REMOTES = {
  shell: '1.0.0-a',
  mfe_board: '2.0.0-b',
  // A release folder without release.json (built before releases described themselves): the
  // server gives it the routes it was built with (api/contract/src/legacy-routes.ts).
  mfe_submit: '1.9.0-s',
  mfe_admin: 'https://admin.cdn.example.org/3.0.0/mf-manifest.json',
};

/** The fake shell's inline script, as the real one has its first script (before-live.js). */
export const FAKE_SHELL_INLINE_SCRIPT = 'document.documentElement.dataset.early = "1";';

/** A releases folder as `pnpm build` leaves it: a shell, a remote with its files, remotes.json. */
export function fakeReleases(remotes: unknown = GOOD_REMOTES): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-releases-'));
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  write(
    'shell/1.0.0-a/index.html',
    `<!DOCTYPE html><html><head><title>Job board</title><script id="before-live">${FAKE_SHELL_INLINE_SCRIPT}</script><script defer src="/assets/shell/1.0.0-a/static/js/index.js"></script></head><body><div id="root"></div></body></html>`,
  );
  const js = 'console.log("board");'.repeat(100);
  write('mfe-board/2.0.0-b/remoteEntry.js', js);
  write('mfe-board/2.0.0-b/remoteEntry.js.br', brotliCompressSync(js));
  write(
    'mfe-board/2.0.0-b/mf-manifest.json',
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './BoardPage', assets: { js: { sync: ['static/js/board-page.js'] } } }],
    }),
  );
  writeRemotes(dir, remotes);
  return dir;
}

let tick = 0;

/** Replace remotes.json as an operator would, with a modification time of its own. */
export function writeRemotes(dir: string, remotes: unknown): void {
  const file = path.join(dir, 'remotes.json');
  writeFileSync(file, typeof remotes === 'string' ? remotes : JSON.stringify(remotes));
  tick += 1;
  const when = new Date(Date.now() + tick * 1000);
  utimesSync(file, when, when);
}

/** What a shell built today provides (its release.json's provides.shared). */
export const SHELL_PROVIDES = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-dom': '19.3.1',
  'react-dom/client': '19.3.1',
  'styled-components': '6.6.0',
  swr: '2.5.1',
  zustand: '5.1.0',
  '@jobboard/shared-ui': '1.1.0',
  '@jobboard/shared-ui/router': '1.1.0',
};

/**
 * A release folder of `app` with its release.json: a shell providing `shared`, or a remote
 * requiring it (ranges), with a manifest and an entry so that its files can be preloaded.
 */
export function writeRelease(
  dir: string,
  app: 'shell' | 'mfe_board' | 'mfe_submit' | 'mfe_admin',
  version: string,
  shared: Record<string, string>,
  options: {
    releaseJson?: string;
    provides?: Record<string, string>;
    /** A shell built before shells took a newer copy from a remote (no `sharesHighest`). */
    olderShell?: boolean;
  } = {},
): void {
  const folder = path.join(dir, app === 'shell' ? 'shell' : app.replace('_', '-'), version);
  mkdirSync(folder, { recursive: true });
  const manifest = {
    app,
    version,
    commit: 'abc1234',
    builtAt: '2026-11-22T10:15:00.000Z',
    provides: {
      shared: app === 'shell' ? shared : (options.provides ?? {}),
      exposes: [],
      ...(app === 'shell' && !options.olderShell ? { sharesHighest: true } : {}),
    },
    requires: {
      shared: app === 'shell' ? {} : shared,
      contract: '^1.0.0',
      endpoints: [],
    },
  };
  writeFileSync(path.join(folder, 'release.json'), options.releaseJson ?? JSON.stringify(manifest));
  if (app === 'shell') return;
  writeFileSync(
    path.join(folder, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './BoardPage', assets: { js: { sync: ['static/js/board-page.js'] } } }],
    }),
  );
  writeFileSync(path.join(folder, 'remoteEntry.js'), 'console.log("remote");');
}

/** Replace history.json (beside remotes.json) as `pnpm releases` would, with its own time. */
export function writeHistory(dir: string, history: unknown): void {
  const file = path.join(dir, 'history.json');
  writeFileSync(file, typeof history === 'string' ? history : JSON.stringify(history));
  tick += 1;
  const when = new Date(Date.now() + tick * 1000);
  utimesSync(file, when, when);
}

/** A release.json as the build writes it, with these routes (or raw `provides.routes`). */
export function releaseJson(app: string, version: string, routes: unknown): string {
  const exposes = Array.isArray(routes)
    ? [...new Set(routes.map((route: { module?: string }) => route.module))]
    : [];
  return JSON.stringify({
    app,
    version,
    commit: 'abc1234',
    builtAt: '2026-11-26T10:00:00.000Z',
    provides: { shared: {}, exposes, ...(routes === undefined ? {} : { routes }) },
    requires: { shared: {}, contract: '^1.0.0', endpoints: [] },
  });
}
