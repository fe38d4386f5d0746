import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Server rendering with stand-in server entries: a shell that wraps the page it is given and
 * publishes its shared modules, and remotes that read them from the global the API sets. The real
 * entries (shell/src/server.tsx, mfe-board/src/server.tsx...) are checked end to end by e2e.
 */
const SHELL = `
export const shared = { marker: 'from-the-shell' };
export function render({ url, boot, page }) {
  return {
    html: '<main data-url="' + url + '">' + page.element + '</main>',
    styles: '<style data-styled="true">.card{color:red}</style>',
  };
}`;
const BOARD = `
const shared = globalThis.__jobboardServerShared;
export function renderPage(module, data) {
  if (module !== './BoardPage') return null;
  // A job's page stands for a page a part of which threw on the server (React's mark).
  if (data.job) return '<!--$!--><template></template><p>Loading...</p><!--/$-->';
  return '<p>' + shared.marker + ': ' + data.search.response.total + ' jobs</p>';
}`;

function write(dir: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

const SHELL_PAGE =
  '<!DOCTYPE html><html><head><title>x</title><link rel="preload" as="script" href="/assets/shell/1/vendor.js"></head><body><noscript>This job board needs JavaScript.</noscript><div id="root"></div></body></html>';

function releasesWith(versions: Record<string, string>, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-ssr-'));
  write(dir, 'shell/1/index.html', SHELL_PAGE);
  for (const [file, content] of Object.entries(files)) write(dir, file, content);
  write(dir, 'remotes.json', JSON.stringify({ shell: '1', ...versions }));
  return dir;
}

const rootOf = (body: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(body)?.[1];

describe(`the first view rendered on the server, on ${testDatabase}`, () => {
  let t: TestApp;
  let releases: string;
  const log: string[] = [];
  beforeAll(async () => {
    releases = releasesWith(
      { mfe_board: '2', mfe_submit: '3', mfe_admin: 'https://admin.example.org/mf-manifest.json' },
      {
        'shell/1/server/server.mjs': SHELL,
        'mfe-board/2/server/server.mjs': BOARD,
        // The submit area's entry is broken: its pages are left to the browser.
        'mfe-submit/3/server/server.mjs':
          'export function renderPage() { throw new Error("boom"); }',
      },
    );
    t = await buildTestApp({
      env: { RELEASES_DIR: releases, LOG_LEVEL: 'warn' },
      logStream: { write: (line) => log.push(line) },
    });
    await createJobs(t.app, [{ title: 'Data Editor' }, { title: 'Grants Manager' }]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(releases, { recursive: true, force: true });
  });

  it("puts the route's page, drawn by its remote's server entry, in the shell's page", async () => {
    const res = await t.app.inject('/?q=editor');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe(
      '<main data-url="/?q=editor"><p>from-the-shell: 1 jobs</p></main>',
    );
    // The styles the HTML uses come with it, in the head.
    expect(res.body).toMatch(/<style data-styled="true">\.card\{color:red\}<\/style>.*<\/head>/s);
    // The data the page was drawn from is in the page too: the browser takes over from it.
    expect(res.body).toContain('"total":1');
    // It shows without JavaScript, so it does not say it needs it; and nothing is preloaded to
    // compete with its first paint: the hints wait in an inert template that the entry script
    // moves into the head after it.
    expect(res.body).not.toContain('needs JavaScript');
    const template = /<template id="after-paint-preloads">(.*?)<\/template>/.exec(res.body);
    expect(template?.[1]).toContain(
      '<link rel="preload" as="script" href="/assets/shell/1/vendor.js">',
    );
    expect(res.body.replace(template![0], '')).not.toContain('rel="preload"');
  });

  it('leaves to the browser what no server entry draws', async () => {
    // A page the remote does not render on the server, a broken entry, another origin's remote.
    for (const url of ['/job-list', '/submit-job', '/admin/login', '/bookmarks']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toBe('');
      expect(res.body, url).toContain('needs JavaScript');
      expect(res.body, url).toContain(
        '<link rel="preload" as="script" href="/assets/shell/1/vendor.js">',
      );
    }
    const warnings = log.filter((line) => line.includes('server rendering'));
    expect(warnings).toHaveLength(1); // the broken entry, said once
    expect(warnings[0]).toContain('boom');
    await t.app.inject('/submit-job?again');
    expect(log.filter((line) => line.includes('server rendering'))).toHaveLength(1);
  });

  it('says when React left a part of a page to the browser, once', async () => {
    const [id] = (await t.app.inject('/api/jobs')).json<{ id: string }[]>().map((job) => job.id);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject(`/jobs/${id}`);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toContain('Loading...');
    }
    const warnings = log.filter((line) => line.includes('left part of a page to the browser'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`/jobs/${id}: a part of the page threw`);
  });

  it('keeps a rendered page until jobs change, and revalidates it by its ETag', async () => {
    const first = await t.app.inject('/');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await createJobs(t.app, [{ title: 'Podcast Producer' }]);
    const changed = await t.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(rootOf(changed.body)).toContain('3 jobs');
  });

  it('answers an unknown path 404 without an ETag', async () => {
    const res = await t.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });

  it('never serves the server entries, nor the operator files beside the releases, as files', async () => {
    write(releases, 'history.json', '[]');
    for (const url of [
      '/assets/remotes.json',
      '/assets/history.json',
      '/assets/remotes.json.lock',
      '/assets/shell/1/server/server.mjs',
      '/assets/mfe-board/2/server/server.mjs',
      '/assets/mfe-board/2/server/../server/server.mjs',
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
  });
});

describe(`without server entries, on ${testDatabase}`, () => {
  it('serves the page for the browser to draw, as before', async () => {
    const releases = releasesWith({ mfe_board: '2' }, {});
    const t = await buildTestApp({ env: { RELEASES_DIR: releases } });
    try {
      const res = await t.app.inject('/');
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe('');
    } finally {
      await t.close();
      rmSync(releases, { recursive: true, force: true });
    }
  });
});
