import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_PAGES, LEGACY_ROUTES, type RemoteRoute } from '@jobboard/contract/site';
import { FIRST_VIEW_CASES } from '@jobboard/contract/testing';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The legal pages (docs/product.md#legal-pages): the shipped starting texts, the publication's own
 * files in PAGES_DIR replacing them, an edit showing without a restart, and the text never able
 * to add markup of its own. The board here is a release fixture declaring the legal routes, as
 * mfe-board's routes.ts does, with a server entry that draws the page's title from its data.
 */

const LEGAL_ROUTES: RemoteRoute[] = LEGAL_PAGES.map(({ path: route, title }) => ({
  path: route,
  module: './LegalPage',
  serverRendered: true,
  title: `${title} | {board}`,
}));

let dir: string;
let pagesDir: string;
let t: TestApp;

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** A file the publication edits, with a modification time `secondsLater` than the last one. */
function edit(slug: string, text: string, secondsLater: number) {
  const file = path.join(pagesDir, `${slug}.md`);
  write(file, text);
  // A file's modification time, not the app's clock: it must come after the file system's own
  // stamp of the write. real-clock: that stamp is the real time.
  const when = new Date(Date.now() + secondsLater * 1000);
  utimesSync(file, when, when);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'jobboard-legal-'));
  pagesDir = path.join(dir, 'pages');
  const releases = path.join(dir, 'releases');
  const routes = [...LEGACY_ROUTES.mfe_board, ...LEGAL_ROUTES];
  write(
    path.join(releases, 'shell/1/index.html'),
    '<!DOCTYPE html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  write(
    path.join(releases, 'shell/1/server/server.mjs'),
    `export const shared = {};
export function render({ page }) { return { html: '<main>' + page.element + '</main>', styles: '' }; }`,
  );
  const board = path.join(releases, 'mfe-board/2');
  write(
    path.join(board, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [],
    }),
  );
  write(
    path.join(board, 'release.json'),
    JSON.stringify({
      app: 'mfe_board',
      version: '2',
      commit: 'abc1234',
      builtAt: '2026-11-26T10:00:00.000Z',
      provides: { shared: {}, exposes: [...new Set(routes.map((r) => r.module))], routes },
      requires: { shared: {}, contract: '^1.0.0', endpoints: [] },
    }),
  );
  write(
    path.join(board, 'server/server.mjs'),
    `export function renderPage(module, data) {
  return '<h1>' + (data && data.legal ? data.legal.title : module) + '</h1>';
}`,
  );
  write(path.join(releases, 'remotes.json'), JSON.stringify({ shell: '1', mfe_board: '2' }));
  t = await buildTestApp({
    env: {
      RELEASES_DIR: releases,
      PAGES_DIR: pagesDir,
      BOARD_NAME: 'Good Jobs',
      PROVIDER_NAME: 'The Dispatch',
      CONTACT_EMAIL: 'legal@dispatch.example',
      APPLICATION_RETENTION_DAYS: '90',
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const bootOf = (body: string) =>
  JSON.parse(/<script id="boot-config" type="application\/json">(.*?)<\/script>/.exec(body)![1]!);
const titleOf = (body: string) => /<title>(.*?)<\/title>/.exec(body)?.[1];

describe(`the legal pages on ${testDatabase}`, () => {
  it.each(LEGAL_PAGES)('ships a starting text for $path, filled in with the site', async (page) => {
    const res = await t.app.inject(`/api/pages/${page.slug}`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ slug: page.slug, title: page.title });
    expect(view.html).toContain('legal@dispatch.example');
    expect(view.html).not.toMatch(
      /\{(board|provider|contactEmail|publicUrl|applicationRetentionDays)\}/,
    );
    // The heading is the title, not repeated in the body.
    expect(view.html).not.toContain('<h1>');
  });

  it('says how long applications are kept as the board keeps them (APPLICATION_RETENTION_DAYS)', async () => {
    const { html } = (await t.app.inject('/api/pages/privacy')).json();
    expect(html).toContain('<h2>Applying for a job</h2>');
    expect(html).toContain('delete your application and résumé 90 days after the job’s');
    expect(html).toContain('until we delete them, 90 days');
  });

  it('serves each page at its path, titled and drawn from its first view', async () => {
    const res = await t.app.inject('/privacy');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Privacy policy | Good Jobs');
    expect(res.body).toContain('<h1>Privacy policy</h1>');
    expect(bootOf(res.body).data.legal).toMatchObject({ slug: 'privacy', title: 'Privacy policy' });
  });

  it("names the page's part by the key of the call it answers (the first-view table)", async () => {
    const legal = FIRST_VIEW_CASES.filter((c) => c.keys.legal);
    expect(legal).not.toHaveLength(0);
    for (const c of legal) {
      expect(bootOf((await t.app.inject(c.address)).body).data.keys).toEqual(c.keys);
    }
  });

  it("serves the publication's own file instead, and an edit at the next visit, without a restart", async () => {
    edit('refunds', '# Our refunds\n\nWrite to {contactEmail} within **14 days**.\n', 10);
    expect((await t.app.inject('/api/pages/refunds')).json()).toMatchObject({
      title: 'Our refunds',
      html: '<p>Write to <a href="mailto:legal@dispatch.example">legal@dispatch.example</a> within <strong>14 days</strong>.</p>\n',
    });
    expect(titleOf((await t.app.inject('/refunds')).body)).toBe('Our refunds | Good Jobs');
    edit('refunds', '# Refunds, revised\n\nNone after 30 days.\n', 20);
    expect((await t.app.inject('/api/pages/refunds')).json().title).toBe('Refunds, revised');
    // The page (kept in the public-read cache) follows the file, though no job changed.
    const page = await t.app.inject('/refunds');
    expect(titleOf(page.body)).toBe('Refunds, revised | Good Jobs');
    expect(page.body).toContain('None after 30 days.');
  });

  it("shows a file's markup as text: no script, no javascript: link", async () => {
    edit(
      'terms',
      '# Terms\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>\n',
      30,
    );
    const { html } = (await t.app.inject('/api/pages/terms')).json();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers 404 for a page it does not have', async () => {
    const res = await t.app.inject('/api/pages/cookies');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Page not found' });
  });
});
