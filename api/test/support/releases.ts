import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

export const GOOD_REMOTES = {
  shell: '1.0.0-a',
  mfe_board: '2.0.0-b',
  // A release folder without release.json (built before releases described themselves): the
  // server gives it the routes it was built with (api/src/site/legacy-routes.ts).
  mfe_submit: '1.9.0-s',
  mfe_admin: 'https://admin.cdn.example.org/3.0.0/mf-manifest.json',
};

/** A releases folder as `pnpm build` leaves it: a shell, a remote with its files, remotes.json. */
export function fakeReleases(remotes: unknown = GOOD_REMOTES): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-releases-'));
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  write(
    'shell/1.0.0-a/index.html',
    '<!DOCTYPE html><html><head><title>Job board</title><script defer src="/assets/shell/1.0.0-a/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
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
