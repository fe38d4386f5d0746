import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  ServerRenderEvents,
  ServerRenderer,
  VersionRenderStats,
} from '../../src/site/server-render';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * A remote's server code cannot take the site down: its entries run in worker threads with a time
 * limit and a heap limit, its failures are counted, and a version that fails 3 times in a row is
 * drawn in the browser. Fixture releases in a temp folder, each entry a few hand-written lines;
 * the limits are set short through the configuration, and every wait is for an event (a render
 * starting, a pool closing), never a fixed sleep.
 */
const SHELL = `
export const shared = { marker: 'from-the-shell' };
export function render({ url, page }) {
  return { html: '<main data-url="' + url + '">' + page.element + '</main>', styles: '' };
}`;

/** A healthy remote; it lists the board versions whose modules its thread has loaded. */
const healthyBoard = (version: string) => `
globalThis.loadedBoards = [...(globalThis.loadedBoards ?? []), '${version}'];
const shared = globalThis.__jobboardServerShared;
export function renderPage(module, data) {
  if (module !== './BoardPage') return null;
  return '<p>board ${version} ' + shared.marker + ': ' + data.search.response.total + ' jobs; loaded ' + globalThis.loadedBoards.join(',') + '</p>';
}`;

const BAD_BOARDS = {
  throws: `export function renderPage() { throw new Error('the board broke'); }`,
  loops: `export function renderPage() { for (;;) {} }`,
  // Keeps every array it makes, so the heap fills until the worker's limit ends it.
  leaks: `
const kept = [];
export function renderPage() { for (;;) kept.push(new Array(1e6).fill(kept.length)); }`,
} as const;

const SUBMIT = `
export function renderPage(module) {
  return module === './SubmitJobPage' ? '<form>submit</form>' : null;
}`;

const SHELL_PAGE =
  '<!DOCTYPE html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

function write(dir: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

function promote(dir: string, versions: Record<string, string>) {
  write(dir, 'remotes.json', JSON.stringify({ shell: '1', mfe_submit: '1', ...versions }));
}

/** Releases with the shell, the submit area and these board versions, `live` promoted. */
function releases(boards: Record<string, string>, live: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-ssr-isolation-'));
  write(dir, 'shell/1/index.html', SHELL_PAGE);
  write(dir, 'shell/1/server/server.mjs', SHELL);
  write(dir, 'mfe-submit/1/server/server.mjs', SUBMIT);
  for (const [version, code] of Object.entries(boards)) {
    write(dir, `mfe-board/${version}/server/server.mjs`, code);
  }
  promote(dir, { mfe_board: live });
  return dir;
}

const rootOf = (body: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(body)?.[1];

/** The next time `event` is emitted with what `wanted` accepts. */
function next<E extends keyof ServerRenderEvents>(
  renderer: ServerRenderer,
  event: E,
  wanted: (...args: ServerRenderEvents[E]) => boolean = () => true,
): Promise<ServerRenderEvents[E][0]> {
  return new Promise((resolve) => {
    const listener = (...args: ServerRenderEvents[E]) => {
      if (!wanted(...args)) return;
      renderer.events.off(event, listener as never);
      resolve(args[0]);
    };
    renderer.events.on(event, listener as never);
  });
}

function boardStats(renderer: ServerRenderer, version: string): VersionRenderStats | undefined {
  return renderer
    .stats()
    .versions.find((entry) => entry.app === 'mfe_board' && entry.version === version);
}

describe(`a remote's server entry that fails, on ${testDatabase}`, () => {
  let t: TestApp | undefined;
  let dir: string | undefined;
  let log: string[] = [];
  afterEach(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    dir = undefined;
    log = [];
  });

  async function site(kind: keyof typeof BAD_BOARDS, env: Record<string, string>) {
    dir = releases({ '2': BAD_BOARDS[kind], '3': healthyBoard('3') }, '2');
    t = await buildTestApp({
      env: { RELEASES_DIR: dir, LOG_LEVEL: 'warn', ...env },
      logStream: { write: (line) => log.push(line) },
    });
    await createJobs(t.app, [{ title: 'Data Editor' }]);
    return { app: t.app, renderer: t.app.sitePages.renderer };
  }

  const cases = [
    {
      kind: 'throws',
      failure: 'throws',
      env: { SERVER_RENDER_TIMEOUT_MS: '5000' },
      said: 'the board broke',
    },
    {
      kind: 'loops',
      failure: 'timeouts',
      env: { SERVER_RENDER_TIMEOUT_MS: '1000' },
      said: 'took longer than SERVER_RENDER_TIMEOUT_MS (1000 ms)',
    },
    {
      // A long time limit: the heap limit must be what ends it, however slow the machine.
      kind: 'leaks',
      failure: 'memory',
      env: { SERVER_RENDER_TIMEOUT_MS: '60000', SERVER_RENDER_MAX_HEAP_MB: '32' },
      said: 'reached SERVER_RENDER_MAX_HEAP_MB (32 MB)',
    },
  ] as const;

  for (const { kind, failure, env, said } of cases) {
    it(`an entry that ${kind}: the page is drawn in the browser, the API answers meanwhile, and after 3 the version is skipped`, async () => {
      const { app, renderer } = await site(kind, env);
      const limit = Number(env.SERVER_RENDER_TIMEOUT_MS);

      // The page is asked for; while the worker draws it (or loops in it), the API answers.
      const drawing = next(renderer, 'drawing', ({ url }) => url === '/?q=a');
      const started = Date.now();
      let answered = false;
      const page = app.inject('/?q=a').then((res) => {
        answered = true;
        return res;
      });
      expect(await drawing).toEqual({ app: 'mfe_board', version: '2', url: '/?q=a' });
      const health = await app.inject('/healthz');
      expect(health.statusCode).toBe(200);
      if (kind === 'loops') expect(answered).toBe(false); // the loop was running all along
      const res = await page;
      const took = Date.now() - started;
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe(''); // the shell's page, for the browser to draw
      if (kind === 'loops') expect(took).toBeGreaterThanOrEqual(limit);
      // Within the limit plus a margin for a busy machine (the limit is short on purpose).
      expect(took).toBeLessThan(limit + 10_000);
      expect(boardStats(renderer, '2')).toMatchObject({ [failure]: 1, failuresInARow: 1 });
      expect(log.filter((line) => line.includes(said))).toHaveLength(1);

      // The worker that failed was replaced: the submit area is still drawn on the server.
      await renderer.warm(); // by the fresh worker too, once it has loaded
      const submit = await app.inject('/submit-job');
      expect(rootOf(submit.body)).toBe('<main data-url="/submit-job"><form>submit</form></main>');

      // Two more failures in a row: the version is drawn in the browser from now on, said once.
      const withoutBoard = next(renderer, 'poolStarted', ({ versions }) => !versions.mfe_board);
      for (const url of ['/?q=b', '/?q=c']) {
        expect(rootOf((await app.inject(url)).body), url).toBe('');
      }
      expect(boardStats(renderer, '2')).toMatchObject({
        [failure]: 3,
        failuresInARow: 3,
        serverRendered: false,
      });
      const skipped = log.filter((line) => line.includes('failed 3 times in a row'));
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toContain('mfe_board 2');
      // Its workers are left for a pool without it; the next page does not reach a worker.
      await withoutBoard;
      expect(renderer.stats().pool?.versions).toEqual({ shell: '1', mfe_submit: '1' });
      let drawn = false;
      renderer.events.once('drawing', () => (drawn = true));
      expect(rootOf((await app.inject('/?q=d')).body)).toBe('');
      expect(drawn).toBe(false);
      expect(boardStats(renderer, '2')).toMatchObject({ [failure]: 3 });
      await renderer.warm(); // the new pool has loaded the submit area
      expect(rootOf((await app.inject('/submit-job?again')).body)).toContain('<form>submit</form>');
    });
  }

  it('a version skipped is drawn on the server again once it is promoted again', async () => {
    const { app, renderer } = await site('throws', {});
    for (const url of ['/?q=a', '/?q=b', '/?q=c']) await app.inject(url);
    expect(boardStats(renderer, '2')?.serverRendered).toBe(false);

    promote(dir!, { mfe_board: '3' });
    await renderer.warm(); // sees the switch and waits for the new pool to load
    expect(rootOf((await app.inject('/?q=d')).body)).toContain('board 3');
    // Rolled back to 2: it gets its chances again (and fails again, counted on).
    promote(dir!, { mfe_board: '2' });
    await renderer.warm();
    expect(rootOf((await app.inject('/?q=e')).body)).toBe('');
    expect(boardStats(renderer, '2')).toMatchObject({
      throws: 4,
      failuresInARow: 1,
      serverRendered: true,
    });
  });

  it('an entry that throws while it loads is counted against its version; the other apps are still drawn', async () => {
    dir = releases({ '2': "throw new Error('no board today');" }, '2');
    t = await buildTestApp({
      env: { RELEASES_DIR: dir, LOG_LEVEL: 'warn' },
      logStream: { write: (line) => log.push(line) },
    });
    await createJobs(t.app, [{ title: 'Data Editor' }]);
    const renderer = t.app.sitePages.renderer;
    expect(rootOf((await t.app.inject('/')).body)).toBe('');
    expect(rootOf((await t.app.inject('/submit-job')).body)).toContain('<form>submit</form>');
    expect(boardStats(renderer, '2')).toMatchObject({ throws: 1, failuresInARow: 1 });
    const said = log.filter((line) => line.includes('mfe_board 2 could not load its server entry'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('no board today');
  });

  it('an entry that hangs while it loads is ended, counted and skipped like one that hangs drawing', async () => {
    const loopsOnLoad = 'for (;;) {}\nexport function renderPage() { return null; }';
    dir = releases({ '2': loopsOnLoad }, '2');
    const started = Date.now();
    t = await buildTestApp({
      env: { RELEASES_DIR: dir, LOG_LEVEL: 'warn', SERVER_RENDER_TIMEOUT_MS: '100' },
      logStream: { write: (line) => log.push(line) },
    });
    const renderer = t.app.sitePages.renderer;
    // Started before the app was ready: wait for the pool that leaves the board out.
    if (renderer.stats().pool?.versions.mfe_board) {
      await next(renderer, 'poolStarted', ({ versions }) => !versions.mfe_board);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(boardStats(renderer, '2')).toMatchObject({ timeouts: 3, serverRendered: false });
    expect(log.some((line) => line.includes('could not load its server entry in time'))).toBe(true);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    await renderer.warm(); // the new pool has loaded the submit area
    expect(rootOf((await t.app.inject('/')).body)).toBe('');
    expect(rootOf((await t.app.inject('/submit-job')).body)).toContain('<form>submit</form>');
  });
});

describe(`a promote or rollback of a server-rendered app, on ${testDatabase}`, () => {
  it("moves renders to a new pool and ends the old one's workers: the old version's modules leave memory", async () => {
    const dir = releases({ '2': healthyBoard('2'), '10': healthyBoard('10') }, '2');
    const t = await buildTestApp({ env: { RELEASES_DIR: dir } });
    try {
      await createJobs(t.app, [{ title: 'Data Editor' }]);
      const renderer = t.app.sitePages.renderer;
      expect(rootOf((await t.app.inject('/')).body)).toContain('board 2 from-the-shell: 1 jobs');

      const oldPool = next(renderer, 'poolClosed', ({ versions }) => versions.mfe_board === '2');
      promote(dir, { mfe_board: '10' });
      // The switch is seen as remotes.json is written (or at the latest at the next page), and
      // the new versions load at once; the test waits for them, a visitor need not.
      await renderer.warm();
      const res = await t.app.inject('/?q=editor');
      // Drawn by a thread that never loaded board 2 (its module-level list has only 10).
      expect(rootOf(res.body)).toBe(
        '<main data-url="/?q=editor"><p>board 10 from-the-shell: 1 jobs; loaded 10</p></main>',
      );
      const closed = await oldPool;
      expect(closed.threadIds.length).toBeGreaterThan(0);
      expect(renderer.stats()).toMatchObject({
        pool: { versions: { shell: '1', mfe_board: '10', mfe_submit: '1' } },
        retiringPools: 0,
      });

      // And back (a rollback): a new pool again, which loads 2 afresh.
      const poolOf10 = next(renderer, 'poolClosed', ({ versions }) => versions.mfe_board === '10');
      promote(dir, { mfe_board: '2' });
      await renderer.warm();
      expect(rootOf((await t.app.inject('/?after=rollback')).body)).toContain(
        'board 2 from-the-shell: 1 jobs; loaded 2<',
      );
      await poolOf10;
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the pool while only an app drawn in the browser changes', async () => {
    const dir = releases({ '2': healthyBoard('2') }, '2');
    const t = await buildTestApp({ env: { RELEASES_DIR: dir } });
    try {
      await createJobs(t.app, [{ title: 'Data Editor' }]);
      const renderer = t.app.sitePages.renderer;
      let closed = false;
      renderer.events.on('poolClosed', () => (closed = true));
      promote(dir, { mfe_board: '2', mfe_admin: 'https://admin.example.org/mf-manifest.json' });
      expect(rootOf((await t.app.inject('/?admin=moved')).body)).toContain('board 2');
      expect(closed).toBe(false);
      expect(renderer.stats().retiringPools).toBe(0);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
