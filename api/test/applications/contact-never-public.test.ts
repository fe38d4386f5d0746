import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FRONTEND_ROUTES } from '@jobboard/contract/site';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../support/jobs';
import { registeredRoutes } from '../support/routes';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The address a job's applications are relayed to is never public (issue 42,
 * docs/product.md#applying): not in any API answer, page, feed, JSON-LD or sitemap. The walk is
 * derived from what the app registered and from the site's routes, so a public route added later
 * is walked without a change here; only the areas that need a session (the admins', members',
 * employers') and the built files are left out.
 */

/** Unusual enough that finding it anywhere (or its local part, encoded) means it leaked. */
const LOCAL = 'relay-only-7f3a';
const RELAYED = `${LOCAL}@hidden-inbox.example`;

/** URLs under these prefixes need a session of their area (route-table.test.ts checks that). */
const AREAS = ['/api/admin', '/api/members', '/api/employer', '/api/refresh-jobs'];
/** The built files (no job data) and the site's catch-all, walked through FRONTEND_ROUTES. */
const NOT_WALKED = new Set(['/assets/*', '/*']);

/** A stand-in shell and remotes whose server entries put all the data they are given in the page. */
function releasesDumpingData(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-leak-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  write(
    'shell/1/index.html',
    '<!DOCTYPE html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  write(
    'shell/1/server/server.mjs',
    `export const shared = {};
export function render({ page }) { return { html: '<main>' + page.element + '</main>', styles: '' }; }`,
  );
  const dump = `export function renderPage(module, data) {
  return '<pre>' + module + JSON.stringify(data).replace(/</g, '\\\\u003c') + '</pre>';
}`;
  for (const remote of ['mfe-board', 'mfe-submit']) write(`${remote}/2/server/server.mjs`, dump);
  write('remotes.json', JSON.stringify({ shell: '1', mfe_board: '2', mfe_submit: '2' }));
  return dir;
}

let t: TestApp;
let releases: string;
let jobId: string;

beforeAll(async () => {
  releases = releasesDumpingData();
  // More jobs than one sitemap file holds: the sitemap is an index, its files walked too.
  t = await buildTestApp({ env: { RELEASES_DIR: releases, SITEMAP_URLS_PER_FILE: '10' } });
  const ids = await createJobs(t.app, [
    {
      title: 'Relayed Organizer',
      applyMethod: 'email',
      applicationEmail: RELAYED,
      // A link kept from before: stored, not the way to apply.
      applicationUrl: 'https://example.org/jobs/old-link',
      howToApply: 'Tell us which county you organize in.',
      screeningQuestions: [
        { id: 'q1', kind: 'text', label: 'Which county?', required: true, choices: [] },
      ],
    },
    ...Array.from({ length: 11 }, (_, i) => ({ title: `Linked Role ${i}` })),
  ]);
  jobId = ids['Relayed Organizer']!;
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

/** A route's URL with its parameters filled: the relayed job's id, a real page, sitemap files. */
async function urlsOf(route: string): Promise<string[]> {
  if (route.includes(':file')) {
    const index = (await t.app.inject('/sitemap.xml')).body;
    const files = [...index.matchAll(/\/sitemaps\/([^<\s"]+)/g)].map((m) => m[1]!);
    expect(files.length, 'the sitemap is an index of files').toBeGreaterThan(0);
    return files.map((file) => route.replace(':file', file));
  }
  return [
    route
      .replace(':id', jobId)
      .replace(':slug', 'privacy')
      .replace(':token', 'a'.repeat(43))
      .replace(/:[A-Za-z]+/g, 'x'),
  ];
}

/** Every public read the app has, and every page of the site, as requests. */
async function publicReads(): Promise<InjectOptions[]> {
  const routes = registeredRoutes(t.app).filter(
    ({ method, url }) =>
      (method === 'GET' || url === '/api/jobs/search') &&
      !AREAS.some((area) => url.startsWith(area)) &&
      !NOT_WALKED.has(url),
  );
  const requests: InjectOptions[] = [];
  for (const { method, url } of routes) {
    for (const filled of await urlsOf(url)) {
      requests.push({
        method: method as InjectOptions['method'],
        url: filled,
        payload: method === 'POST' ? {} : undefined,
      });
    }
  }
  for (const page of FRONTEND_ROUTES) {
    for (const filled of await urlsOf(page.path.replace(/\/\*$/, ''))) {
      requests.push({ method: 'GET', url: filled || '/' });
    }
  }
  // The reads' own variants: a search and a list that name the job, pages of the feeds.
  requests.push(
    { method: 'POST', url: '/api/jobs/search', payload: { query: 'Relayed Organizer' } },
    { method: 'GET', url: '/api/jobs?q=Relayed' },
    { method: 'GET', url: '/api/jobs?pageSize=100' },
    { method: 'GET', url: `/jobs/${jobId}?ref=share` },
  );
  return requests;
}

describe(`the relayed address is in no public answer, on ${testDatabase}`, () => {
  it('walks every public route of the app and every page of the site', async () => {
    const requests = await publicReads();
    const walked = requests.map((r) => `${r.method} ${r.url}`);
    // The walk reaches what the issue names (and whatever else is public).
    for (const named of [
      'GET /api/jobs',
      `GET /api/jobs/${jobId}`,
      'POST /api/jobs/search',
      'GET /api/jobs/recent',
      'GET /api/jobs/recent/lines',
      'GET /feed.xml',
      'GET /feed.json',
      'GET /sitemap.xml',
      `GET /jobs/${jobId}`,
      'GET /job-list',
    ]) {
      expect(walked).toContain(named);
    }
    let answered = 0;
    for (const request of requests) {
      const res = await t.app.inject(request);
      const where = `${request.method} ${request.url} (${res.statusCode})`;
      const text = `${JSON.stringify(res.headers)}\n${res.body}`.toLowerCase();
      expect(text, where).not.toContain(LOCAL);
      if (res.statusCode === 200) answered += 1;
    }
    expect(answered).toBeGreaterThan(20);
  });

  it('the job is public and takes applications on the board: the walk looked at it', async () => {
    const job = (await t.app.inject(`/api/jobs/${jobId}`)).json();
    expect(job).toMatchObject({
      title: 'Relayed Organizer',
      apply: { method: 'board', howToApply: 'Tell us which county you organize in.' },
    });
    expect(job).not.toHaveProperty('applicationUrl');
    const page = await t.app.inject(`/jobs/${jobId}`);
    expect(page.body).toContain('Relayed Organizer');
    expect(page.body).toContain('application/ld+json');
    expect((await t.app.inject('/feed.json')).body).toContain('Relayed Organizer');
  });

  it('a search for the address finds nothing (the address is not searchable)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/search',
      payload: { query: RELAYED },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().jobs).toEqual([]);
    const byWord = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/search',
      payload: { query: LOCAL },
    });
    expect(byWord.json().jobs).toEqual([]);
  });
});
