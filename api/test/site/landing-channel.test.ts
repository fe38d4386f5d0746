import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOT_CONFIG_ELEMENT_ID, type BootConfig } from '@jobboard/contract/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * A job's page drawn for the channel its visitor came by (issue 44, docs/product.md#numbers): the
 * server works the channel out from the request (the address's `via`, else its Referer) and draws
 * the first view with it, which the board's Apply link carries. A stand-in board entry draws the
 * link from the data it is given, as the real one does (mfe-board's ApplyAction; its tests).
 */
const SHELL = `
export function render({ page }) {
  return { html: '<main>' + page.element + '</main>', styles: '' };
}`;
const BOARD = `
export function renderPage(module, data) {
  if (module !== './BoardPage' || !data.job) return null;
  return '<a id="apply" href="/jobs/' + data.job.id + '/apply?via=' + data.channel + '">Apply</a>';
}`;

/** The test app's PUBLIC_URL. */
const SITE = 'http://localhost:3000';

describe(`a job's page and its channel, on ${testDatabase}`, () => {
  let t: TestApp;
  let releases: string;
  let id: string;
  beforeAll(async () => {
    releases = mkdtempSync(path.join(tmpdir(), 'jobboard-landing-'));
    const files = {
      'shell/1/index.html':
        '<!DOCTYPE html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
      'shell/1/server/server.mjs': SHELL,
      'mfe-board/2/server/server.mjs': BOARD,
      'remotes.json': JSON.stringify({ shell: '1', mfe_board: '2' }),
    };
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(releases, file)), { recursive: true });
      writeFileSync(path.join(releases, file), content);
    }
    t = await buildTestApp({ env: { RELEASES_DIR: releases } });
    id = (await createJobs(t.app, [{ title: 'Data Editor' }]))['Data Editor']!;
  });
  afterAll(async () => {
    await t.close();
    rmSync(releases, { recursive: true, force: true });
  });

  const page = (query: string, referer?: string) =>
    t.app.inject({ url: `/jobs/${id}${query}`, headers: referer ? { referer } : {} });
  const drawn = (body: string) => /<a id="apply" href="([^"]+)"/.exec(body)?.[1];
  const boot = (body: string) =>
    JSON.parse(
      new RegExp(`<script[^>]*id="${BOOT_CONFIG_ELEMENT_ID}"[^>]*>(.*?)</script>`, 's').exec(
        body,
      )![1]!,
    ) as BootConfig;

  it('draws the Apply link for the channel of the link, else of the referrer', async () => {
    for (const [query, referer, channel] of [
      ['?via=newsletter', undefined, 'newsletter'],
      ['?q=editor&via=list', `${SITE}/`, 'list'],
      ['', `${SITE}/?q=editor`, 'board'],
      ['', 'https://news.example.org/issue/3', 'direct'],
      ['', undefined, 'direct'],
      // A via the board does not know, or one a link may not name: as if there were none.
      ['?via=tiktok', `${SITE}/`, 'board'],
      ['?via=board', undefined, 'direct'],
    ] as const) {
      const res = await page(query, referer);
      expect(res.statusCode).toBe(200);
      const label = `${query} from ${referer}`;
      expect(drawn(res.body), label).toBe(`/jobs/${id}/apply?via=${channel}`);
      // The browser takes over from the same data: its Apply link and view say the same.
      expect(boot(res.body).data?.channel, label).toBe(channel);
    }
  });

  it('keeps a drawn page per job and channel, revalidated as the same page', async () => {
    const first = await page('?via=feed');
    const again = await page('?via=feed&utm_source=x', undefined);
    expect(again.headers.etag).toBe(first.headers.etag);
    const other = await page('?via=bluesky');
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect(drawn(other.body)).toBe(`/jobs/${id}/apply?via=bluesky`);
  });

  it('tells the board’s own pages where a visitor came from, and no other page', async () => {
    for (const url of ['/', '/?q=editor', `/jobs/${id}`, '/bookmarks']) {
      const res = await t.app.inject(url);
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
    for (const url of [
      '/job-list',
      '/submit-job',
      '/admin',
      '/pay/abc',
      '/alerts/manage?token=abc',
      '/employer/sign-in?token=abc',
      `/jobs/${id}/apply`,
      '/api/jobs',
    ]) {
      const res = await t.app.inject(url);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('draws no channel on a page that is not a job’s', async () => {
    const res = await t.app.inject({ url: '/?via=newsletter', headers: { referer: SITE } });
    expect(boot(res.body).data?.channel).toBeUndefined();
  });
});
