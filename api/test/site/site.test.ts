import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE, isoDate } from '@jobboard/contract/common';
import { type Job } from '@jobboard/contract/jobs';
import { FIRST_VIEW_CASES } from '@jobboard/contract/testing';
import { inlineScriptHashes } from '../../src/site/releases';
import { createJobs } from '../support/jobs';
import { FAKE_SHELL_INLINE_SCRIPT, fakeReleases } from '../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
let releases: string;
beforeAll(async () => {
  releases = fakeReleases();
  t = await buildTestApp({ env: { RELEASES_DIR: releases, BOARD_NAME: 'Good <Work> Jobs' } });
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

describe(`serving the front end on ${testDatabase}`, () => {
  it('answers a front-end route with the shell page, boot configuration inlined', async () => {
    const res = await t.app.inject('/job-list');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Each page has its own title (issue 15), the board's name escaped in it.
    expect(res.body).toContain('<title>Recent jobs | Good &#60;Work&#62; Jobs</title>');
    const boot = JSON.parse(
      /<script id="boot-config" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!,
    );
    expect(boot.site.boardName).toBe('Good <Work> Jobs');
    // With their release.json to check; the shell here has none, so the server picks nothing.
    expect(boot.remotes).toEqual({
      mfe_board: {
        entry: '/assets/mfe-board/2.0.0-b/mf-manifest.json',
        version: '2.0.0-b',
        release: '/assets/mfe-board/2.0.0-b/release.json',
        fallbacks: [],
      },
      mfe_submit: {
        entry: '/assets/mfe-submit/1.9.0-s/mf-manifest.json',
        version: '1.9.0-s',
        release: '/assets/mfe-submit/1.9.0-s/release.json',
        fallbacks: [],
      },
      mfe_admin: {
        entry: 'https://admin.cdn.example.org/3.0.0/mf-manifest.json',
        version: 'https://admin.cdn.example.org/3.0.0/mf-manifest.json',
        release: 'https://admin.cdn.example.org/3.0.0/release.json',
        fallbacks: [],
      },
    });
    // The live route table, which the shell builds its router from (route-table.ts).
    expect(boot.routes).toContainEqual({
      remote: 'mfe_board',
      path: '/job-list',
      module: './RecentJobsPage',
      serverRendered: true,
      title: 'Recent jobs | {board}',
    });
    expect(res.body).not.toContain('<Work>'); // no markup injection through the configuration
  });

  it("preloads the route's remote entry and page chunks", async () => {
    const res = await t.app.inject('/');
    expect(res.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/assets/mfe-board/2.0.0-b/mf-manifest.json">',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="script" href="/assets/mfe-board/2.0.0-b/remoteEntry.js">',
    );
    expect(res.body).toContain('href="/assets/mfe-board/2.0.0-b/static/js/board-page.js"');
  });

  it.each([
    '/',
    '/bookmarks',
    '/ghost-callback',
    '/submit-job',
    '/pay/abc',
    '/admin',
    '/admin/jobs/edit/3',
  ])('answers %s with 200', async (url) => {
    expect((await t.app.inject(url)).statusCode).toBe(200);
  });

  it("answers a job's page with 200, and an id that names no job with the page and a 404", async () => {
    const { 'Site Test Role': id } = await createJobs(t.app, [{ title: 'Site Test Role' }]);
    expect((await t.app.inject(`/jobs/${id}`)).statusCode).toBe(200);
    const missing = await t.app.inject(`/jobs/${Number(id) + 1000}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('answers an unknown path with the shell page and a 404 status', async () => {
    const res = await t.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps unknown API and asset paths JSON 404s', async () => {
    for (const url of ['/api/nope', '/assets/nope.js']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('serves /remotes.json uncached and /api/site', async () => {
    const remotes = await t.app.inject('/remotes.json');
    expect(remotes.headers['cache-control']).toBe('no-store');
    expect(Object.keys(remotes.json())).toEqual(['mfe_board', 'mfe_submit', 'mfe_admin']);
    const site = await t.app.inject('/api/site');
    expect(site.json()).toMatchObject({ boardName: 'Good <Work> Jobs', membershipName: 'Ghost' });
  });

  it('serves versioned files immutable and precompressed, the manifest revalidated', async () => {
    const entry = await t.app.inject({
      url: '/assets/mfe-board/2.0.0-b/remoteEntry.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['content-encoding']).toBe('br');
    const manifest = await t.app.inject('/assets/mfe-board/2.0.0-b/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it("allows scripts from exactly our origin and the origins of the page's remotes", async () => {
    const csp = (await t.app.inject('/admin/login')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://admin.cdn.example.org 'sha256-");
    expect(csp).toContain("connect-src 'self' https://admin.cdn.example.org;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // The board's page loads no remote from another origin (headers.test.ts: every area's pages).
    const board = (await t.app.inject('/')).headers['content-security-policy'] as string;
    expect(board).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';connect-src 'self';/);
  });

  it('picks up a changed remotes configuration without a restart', async () => {
    const file = path.join(releases, 'remotes.json');
    writeFileSync(file, JSON.stringify({ shell: '1.0.0-a', mfe_board: '2.0.1-c' }));
    // real-clock: a file's modification time, after the file system's real-time stamp of the write.
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const remotes = (await t.app.inject('/remotes.json')).json();
    expect(remotes.mfe_board.version).toBe('2.0.1-c');
    const csp = (await t.app.inject('/')).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
  });

  it("allows the shell's inline script by its hash, and no other inline script", async () => {
    const csp = (await t.app.inject('/')).headers['content-security-policy'] as string;
    const hash = createHash('sha256').update(FAKE_SHELL_INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(
      inlineScriptHashes(
        '<script>a()</script><script type="module">b()</script><script src="/c.js"></script>' +
          '<script type="application/json">{"d":1}</script><script type="application/ld+json">{}</script>',
      ),
    ).toEqual(
      ['a()', 'b()'].map(
        (body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
      ),
    );
  });

  describe("the first view's data, in the page", () => {
    const bootOf = (body: string) =>
      JSON.parse(
        /<script id="boot-config" type="application\/json">(.*?)<\/script>/.exec(body)![1]!,
      );
    let ids: Record<string, string>;
    beforeAll(async () => {
      ids = await createJobs(t.app, [
        {
          title: 'Data Editor </script><script>alert(1)</script>',
          description: 'Edit data stories "><img src=x onerror=alert(2)> for our newsroom today.',
          postedDate: isoDate(t.clock.now),
        },
        { title: 'Grants Manager', postedDate: isoDate(t.clock.now) },
      ]);
    });

    it("gives / page 1 of the address's own search, as the API answers it", async () => {
      const page = bootOf((await t.app.inject('/?q=grants&sort=relevance')).body);
      const api = await t.app.inject({
        method: 'POST',
        url: '/api/jobs/search',
        payload: { query: 'grants', sortOption: 'relevance', page: 1, pageSize: PAGE_SIZE },
      });
      expect(page.data.search.filter).toMatchObject({ query: 'grants', sortOption: 'relevance' });
      expect(page.data.search.response).toEqual(api.json());
      expect(page.data.search.response.jobs.map((j: Job) => j.title)).toEqual(['Grants Manager']);
      expect(page.data.locations).toEqual((await t.app.inject('/api/locations')).json());
      expect(page.data.categories).toEqual((await t.app.inject('/api/categories')).json());
    });

    // The board's test holds its hooks to the same table: the key of each part is the key the
    // browser asks for, and the part is the API's answer to the call that key names.
    // The legal pages' case: legal-pages.test.ts (this site's board predates those routes); the
    // organisation pages': organizations/organization-pages.test.ts (likewise).
    it.each(FIRST_VIEW_CASES.filter((c) => !c.keys.legal && !c.keys.organization))(
      'names each part by the key of the call it answers: $name',
      async ({ address, keys, search, jobId }) => {
        const { data } = bootOf((await t.app.inject(address)).body);
        expect(data.keys).toEqual(keys);
        if (search) {
          const api = await t.app.inject({
            method: 'POST',
            url: '/api/jobs/search',
            payload: search,
          });
          expect(data.search.response).toEqual(api.json());
        }
        if (jobId) expect(data.job.id).toBe(jobId);
      },
    );

    it('gives /jobs/{id} that job, or null when there is none', async () => {
      const found = bootOf((await t.app.inject(`/jobs/${ids['Grants Manager']}`)).body);
      expect(found.data.job).toMatchObject({
        id: ids['Grants Manager'],
        job: { title: 'Grants Manager' },
      });
      for (const id of ['999999', 'not-a-number']) {
        expect(bootOf((await t.app.inject(`/jobs/${id}`)).body).data.job).toEqual({
          id,
          job: null,
        });
      }
    });

    it('gives /job-list the recent list, and other pages nothing', async () => {
      const recent = bootOf((await t.app.inject('/job-list')).body);
      expect(recent.data.recent).toEqual((await t.app.inject('/api/jobs/recent/lines')).json());
      expect(bootOf((await t.app.inject('/submit-job')).body).data).toBeUndefined();
    });

    it("keeps every job's text inert inside the page", async () => {
      const res = await t.app.inject('/?q=data');
      expect(res.body).not.toContain('</script><script>alert(1)');
      expect(res.body).not.toContain('"><img');
      // The shell's inline script's, the boot JSON's and the entry script's: no job's text ends one.
      expect(res.body.match(/<\/script>/g)).toHaveLength(3);
      const page = bootOf(res.body);
      expect(page.data.search.response.jobs[0].title).toBe(
        'Data Editor </script><script>alert(1)</script>',
      );
    });
  });

  it('says so when the front end has not been built', async () => {
    const empty = await buildTestApp({
      env: { RELEASES_DIR: mkdtempSync(path.join(tmpdir(), 'jobboard-empty-')) },
    });
    try {
      const res = await empty.app.inject('/');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('pnpm build');
      expect((await empty.app.inject('/remotes.json')).json()).toEqual({});
    } finally {
      await empty.close();
    }
  });
});
