import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RemoteRoute, RouteTable } from '@jobboard/contract/site';
import { releaseJson } from '../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The route table at run time (api/src/site/route-table.ts): each remote declares its pages in
 * its release.json, and a new page ships with its remote alone. Nothing here touches the contract
 * or the shell: the releases are fixtures, as `pnpm --filter <app> release` would write them.
 */

const SHELL_PAGE =
  '<!DOCTYPE html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

/** A page of the board that neither the contract, the shell nor the API names. */
const EVENTS: RemoteRoute = {
  path: '/events/:slug',
  module: './EventsPage',
  serverRendered: true,
  title: 'Events | {board}',
  loadingText: 'Loading the events of {board}...',
};
const BOARD: RemoteRoute = {
  path: '/',
  module: './BoardPage',
  serverRendered: true,
  title: '{board}',
};
const RECENT: RemoteRoute = {
  path: '/job-list',
  module: './RecentJobsPage',
  serverRendered: true,
  title: 'Recent jobs | {board}',
};
const ADMIN: RemoteRoute = {
  path: '/admin/*',
  module: './AdminApp',
  serverRendered: false,
  title: 'Admin | {board}',
};

/** A stand-in shell server entry, and a board one that draws any page it is asked for. */
const SHELL_ENTRY = `
export const shared = {};
export function render({ page }) {
  return { html: '<main>' + page.element + '</main>', styles: '' };
}`;
const BOARD_ENTRY = `
export function renderPage(module) {
  return '<p>drawn on the server: ' + module + '</p>';
}`;

let dir: string | undefined;
let t: TestApp | undefined;
let peer: Server | undefined;
const lines: string[] = [];
afterEach(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => (peer ? peer.close(() => resolve()) : resolve()));
  t = undefined;
  dir = undefined;
  peer = undefined;
  lines.length = 0;
});

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(dir!, file)), { recursive: true });
  writeFileSync(path.join(dir!, file), content);
}

/** A board release folder: its manifest (one chunk per page), release.json, a server entry. */
function boardRelease(version: string, routes: unknown) {
  const base = `mfe-board/${version}`;
  const modules = Array.isArray(routes) ? routes.map((r: { module: string }) => r.module) : [];
  write(
    `${base}/mf-manifest.json`,
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: modules.map((module) => ({
        path: module,
        assets: { js: { sync: [`static/js/${module.slice(2)}.js`] } },
      })),
    }),
  );
  write(`${base}/release.json`, releaseJson('mfe_board', version, routes));
  write(`${base}/server/server.mjs`, BOARD_ENTRY);
}

let tick = 0;
/** Switch versions as `pnpm releases promote` does: a new remotes.json, a modification time of its own. */
function promote(versions: Record<string, string>) {
  const file = path.join(dir!, 'remotes.json');
  writeFileSync(file, JSON.stringify({ shell: '1', ...versions }));
  tick += 1;
  // A file's modification time, not the app's clock: it must come after the file system's own
  // stamp of the write. real-clock: that stamp is the real time.
  const when = new Date(Date.now() + tick * 1000);
  utimesSync(file, when, when);
}

async function site(versions: Record<string, string>) {
  write('shell/1/index.html', SHELL_PAGE);
  write('shell/1/server/server.mjs', SHELL_ENTRY);
  promote(versions);
  t = await buildTestApp({
    env: { RELEASES_DIR: dir!, BOARD_NAME: 'Good Jobs' },
    logStream: { write: (line) => void lines.push(line) },
  });
  return t.app;
}

const titleOf = (body: string) => /<title>(.*?)<\/title>/.exec(body)?.[1];
const bootOf = (body: string) =>
  JSON.parse(/<script id="boot-config" type="application\/json">(.*?)<\/script>/.exec(body)![1]!);
const refusals = () => lines.filter((line) => line.includes('refused'));

describe(`the route table read from the live releases, on ${testDatabase}`, () => {
  it('serves a page a remote adds in its release alone: 200, its title, drawn and preloaded', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
    boardRelease('1', [BOARD, RECENT, EVENTS]);
    const app = await site({ mfe_board: '1' });

    const res = await app.inject('/events/spring-fair');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Events | Good Jobs');
    // The server drew it with the board's server entry (the route says it is server-rendered).
    expect(res.body).toContain('<p>drawn on the server: ./EventsPage</p>');
    // The shell gets the route in its boot configuration and builds its router from it.
    expect(bootOf(res.body).routes).toContainEqual({ remote: 'mfe_board', ...EVENTS });
    expect((await app.inject('/routes.json')).json()).toEqual([
      { remote: 'mfe_board', ...BOARD },
      { remote: 'mfe_board', ...RECENT },
      { remote: 'mfe_board', ...EVENTS },
    ]);
    expect((await app.inject('/events')).statusCode).toBe(404);
    expect((await app.inject('/events/a/b')).statusCode).toBe(404);
  });

  it('leaves a route its remote does not draw on the server to the browser, its chunks preloaded', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
    boardRelease('1', [BOARD, { ...EVENTS, serverRendered: false }]);
    const app = await site({ mfe_board: '1' });

    const res = await app.inject('/events/spring-fair');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('drawn on the server');
    expect(res.body).toContain(
      '<link rel="preload" as="script" href="/assets/mfe-board/1/static/js/EventsPage.js">',
    );
  });

  it('answers 404 for a route the promoted release removed, and 200 again after a rollback', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
    boardRelease('1', [BOARD, RECENT, EVENTS]);
    boardRelease('2', [BOARD, RECENT]);
    const app = await site({ mfe_board: '1' });
    expect((await app.inject('/events/spring-fair')).statusCode).toBe(200);

    promote({ mfe_board: '2' });
    const gone = await app.inject('/events/spring-fair');
    expect(gone.statusCode).toBe(404);
    expect(titleOf(gone.body)).toBe('Page not found | Good Jobs');
    expect(bootOf(gone.body).routes).not.toContainEqual(expect.objectContaining(EVENTS));
    expect((await app.inject('/job-list')).statusCode).toBe(200);

    promote({ mfe_board: '1' });
    expect((await app.inject('/events/spring-fair')).statusCode).toBe(200);
  });

  it.each([
    ['a route that is not a list', { path: '/' }, 'routes: Expected an array'],
    ['a bad path pattern', [BOARD, { ...EVENTS, path: 'events' }], 'routes.1.path'],
    ['no title', [BOARD, { ...EVENTS, title: '' }], 'routes.1.title'],
    ['a path twice', [BOARD, BOARD], 'the path / is declared twice'],
  ])(
    'refuses a malformed routes entry (%s) with one log line, keeping the last good routes',
    async (_, routes, problem) => {
      dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
      boardRelease('1', [BOARD, RECENT, EVENTS]);
      boardRelease('3', routes);
      const app = await site({ mfe_board: '1' });
      expect((await app.inject('/events/spring-fair')).statusCode).toBe(200);

      promote({ mfe_board: '3' });
      for (const url of ['/events/spring-fair', '/job-list', '/', '/events/x']) {
        expect((await app.inject(url)).statusCode, url).toBe(200);
      }
      expect(refusals()).toHaveLength(1);
      const line = JSON.parse(refusals()[0]!);
      expect(line).toMatchObject({ level: 40, remote: 'mfe_board', version: '3' });
      expect(line.problem).toContain(problem);
      expect(line.msg).toContain('routes of mfe_board 3 refused');
    },
  );

  it('refuses a release.json whose route names a page it does not expose', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
    boardRelease('1', [BOARD, EVENTS]);
    write(
      'mfe-board/2/release.json',
      JSON.stringify({
        ...JSON.parse(releaseJson('mfe_board', '2', [BOARD, RECENT])),
        provides: { shared: {}, exposes: ['./BoardPage'], routes: [BOARD, RECENT] },
      }),
    );
    const app = await site({ mfe_board: '1' });
    await app.inject('/');
    promote({ mfe_board: '2' });
    expect((await app.inject('/job-list')).statusCode).toBe(404);
    expect((await app.inject('/events/x')).statusCode).toBe(200);
    expect(JSON.parse(refusals()[0]!).problem).toBe(
      'the route /job-list is drawn by ./RecentJobsPage, which it does not expose',
    );
  });

  it('gives a release built before routes were declared the routes it was built with', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
    // One with a release.json without routes, one with none at all.
    write('mfe-board/0.9/release.json', releaseJson('mfe_board', '0.9', undefined));
    write(
      'mfe-submit/0.8/mf-manifest.json',
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [],
      }),
    );
    const app = await site({ mfe_board: '0.9', mfe_submit: '0.8' });
    // (/jobs/{id} is a route too; an id that names no job answers 404 whatever the table.)
    for (const url of ['/', '/job-list', '/bookmarks', '/alerts/manage', '/submit-job', '/pay/t']) {
      expect((await app.inject(url)).statusCode, url).not.toBe(404);
    }
    expect(titleOf((await app.inject('/submit-job')).body)).toBe('Post a job | Good Jobs');
    // No remote live for the admin area: its pages are not the site's.
    expect((await app.inject('/admin/login')).statusCode).toBe(404);
    expect(refusals()).toHaveLength(0);
  });

  describe('a remote served from another origin', () => {
    /** Serves `/v1/release.json` (and counts the asks); `status` other than 200 fails. */
    async function origin(routes: RemoteRoute[], status = 200) {
      const asked: string[] = [];
      peer = createServer((req, res) => {
        asked.push(req.url ?? '');
        res.statusCode = req.url === '/v1/release.json' ? status : 404;
        res.end(status === 200 ? releaseJson('mfe_admin', 'v1', routes) : 'no');
      });
      await new Promise<void>((resolve) => peer!.listen(0, '127.0.0.1', resolve));
      const { port } = peer.address() as AddressInfo;
      return { manifest: `http://127.0.0.1:${port}/v1/mf-manifest.json`, asked };
    }

    it('has its routes from the release.json beside its manifest, fetched once', async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
      const reports: RemoteRoute = {
        path: '/admin-reports',
        module: './ReportsPage',
        serverRendered: false,
        title: 'Reports | {board}',
      };
      const cdn = await origin([ADMIN, reports]);
      const app = await site({ mfe_admin: cdn.manifest });

      // Fetched while the server got ready: the first visitor has the remote's own routes.
      const res = await app.inject('/admin-reports');
      expect(res.statusCode).toBe(200);
      expect(titleOf(res.body)).toBe('Reports | Good Jobs');
      const table: RouteTable = (await app.inject('/routes.json')).json();
      expect(table).toEqual([
        { remote: 'mfe_admin', ...ADMIN },
        { remote: 'mfe_admin', ...reports },
      ]);
      for (const url of ['/admin', '/admin-reports', '/']) await app.inject(url);
      expect(cdn.asked).toEqual(['/v1/release.json']);
      expect(lines.filter((line) => line.includes('could not be fetched'))).toHaveLength(0);
    });

    it('keeps the routes it had when its release.json cannot be fetched, saying so once', async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'jobboard-routes-'));
      const cdn = await origin([ADMIN], 500);
      const app = await site({ mfe_admin: cdn.manifest });

      for (const url of ['/admin', '/admin/jobs', '/admin/login']) {
        expect((await app.inject(url)).statusCode, url).toBe(200);
      }
      const failures = lines.filter((line) => line.includes('could not be fetched'));
      expect(failures).toHaveLength(1);
      expect(JSON.parse(failures[0]!)).toMatchObject({
        level: 40,
        remote: 'mfe_admin',
        url: cdn.manifest.replace('mf-manifest.json', 'release.json'),
      });
      expect(cdn.asked).toEqual(['/v1/release.json']);
    });
  });
});
