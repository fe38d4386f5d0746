import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, CSRF, createAdmin, login, sessionCookie } from '../../support/admin';
import { createJobs } from '../../support/jobs';
import { GOOD_REMOTES, fakeReleases, releaseJson, writeRemotes } from '../../support/releases';
import { buildTestApp, type TestApp } from '../../support/test-app';
import { injectWithProof } from '../../support/human-proof';

let t: TestApp;
let releases: string;
let cookie: string;
let jobId: string;
beforeAll(async () => {
  releases = fakeReleases();
  t = await buildTestApp({ env: { RELEASES_DIR: releases } });
  await createAdmin(t);
  cookie = sessionCookie(await login(t));
  jobId = (await createJobs(t.app, [{ title: 'Data Editor' }]))['Data Editor']!;
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

/** Headers that change from one answer to the next, or with the data: left out of snapshots. */
const VOLATILE = [
  'date',
  'etag',
  'last-modified',
  'content-length',
  'x-total-count',
  'link',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];
/**
 * How public reads are cached is the public-read cache's business (plugins/public-cache.ts, its
 * own tests): their snapshot holds the security headers only, and a check that they are not
 * `no-store`.
 */
const PUBLIC_CACHING = ['cache-control', 'etag', 'vary', 'content-encoding'];

function snapshotOf(res: LightMyRequestResponse, leaveOut: string[] = []) {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(res.headers).sort(([a], [b]) => a.localeCompare(b))) {
    if (VOLATILE.includes(name) || leaveOut.includes(name)) continue;
    headers[name] =
      name === 'set-cookie'
        ? [value].flat().map((c) =>
            String(c)
              .replace(/^([^=]+)=[^;]*/, '$1=<value>')
              .replace(/Expires=[^;]+/, 'Expires=<date>'),
          )
        : name === 'x-request-id'
          ? expect.stringMatching(/^[\w.:-]{1,128}$/) // new per request: present, and sane
          : value;
  }
  return { status: res.statusCode, headers };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

// One snapshot for both databases: the headers must not depend on which one runs.
describe('the headers of every kind of answer', () => {
  it('an HTML page', async () => {
    expect(snapshotOf(await get('/job-list'))).toMatchSnapshot();
  });

  it('the admin, employer, pay and renewal pages alone keep their window from other sites (COOP)', async () => {
    for (const url of [
      '/admin',
      '/admin/login',
      '/pay/some-token',
      '/employer',
      '/employer/jobs/1/applications',
      '/renew/some-token',
    ]) {
      expect((await get(url)).headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    for (const url of [
      '/',
      '/job-list',
      '/submit-job',
      '/administrator',
      '/employers',
      '/renewal',
    ]) {
      expect((await get(url)).headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it("the shell's 404 page", async () => {
    expect(snapshotOf(await get('/no-such-page'))).toMatchSnapshot();
  });

  it('a versioned asset, and its manifest', async () => {
    expect(snapshotOf(await get('/assets/mfe-board/2.0.0-b/remoteEntry.js'))).toMatchSnapshot();
    expect(snapshotOf(await get('/assets/mfe-board/2.0.0-b/mf-manifest.json'))).toMatchSnapshot();
  });

  it('/remotes.json', async () => {
    expect(snapshotOf(await get('/remotes.json'))).toMatchSnapshot();
  });

  it('public JSON (security headers; caching is not no-store)', async () => {
    for (const [label, url] of [
      ['/api/jobs', '/api/jobs'],
      ['/api/jobs/:id', `/api/jobs/${jobId}`],
      ['/api/locations', '/api/locations'],
      ['/api/site', '/api/site'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).not.toBe('no-store');
      expect(snapshotOf(res, PUBLIC_CACHING)).toMatchSnapshot(label);
    }
  });

  it('admin JSON', async () => {
    expect(snapshotOf(await get('/api/admin/jobs', { cookie }))).toMatchSnapshot();
    expect(snapshotOf(await get('/api/admin/check-auth', { cookie }))).toMatchSnapshot();
  });

  it('a sign-in', async () => {
    expect(snapshotOf(await login(t, ADMIN))).toMatchSnapshot();
  });

  it('error JSON: 400, 401, 403, and a dead pay link', async () => {
    const invalid = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: {},
    });
    expect(snapshotOf(invalid)).toMatchSnapshot('400');
    expect(snapshotOf(await get('/api/admin/jobs'))).toMatchSnapshot('401');
    expect(snapshotOf(await get('/api/refresh-jobs', { cookie }))).toMatchSnapshot('403');
    expect(snapshotOf(await get(`/api/pay/${'a'.repeat(43)}`))).toMatchSnapshot('pay 404');
  });

  it("the operators' probes", async () => {
    expect(snapshotOf(await get('/healthz'))).toMatchSnapshot('/healthz');
    expect(snapshotOf(await get('/readyz'))).toMatchSnapshot('/readyz');
  });

  it('404s: an unknown API path, an unknown asset', async () => {
    expect(snapshotOf(await get('/api/no-such-thing'))).toMatchSnapshot('GET /api');
    const post = await t.app.inject({ method: 'POST', url: '/api/no-such-thing', headers: CSRF });
    expect(snapshotOf(post)).toMatchSnapshot('POST /api');
    expect(snapshotOf(await get('/assets/no-such-file.js'))).toMatchSnapshot('asset');
  });
});

/** The origins a policy's directive names besides our own and the inline script's hash. */
function originsIn(policy: string | undefined, directive: string): string[] {
  const sources = policy
    ?.split(';')
    .find((part) => part.startsWith(`${directive} `))
    ?.split(' ')
    .slice(1);
  return (sources ?? []).filter((source) => source.startsWith('https://')).sort();
}

/** A remote's routes as its release.json declares them (the paths of its src/routes.ts today). */
const routesOf = (module: string, paths: string[]) =>
  paths.map((path) => ({ path, module, serverRendered: false, title: '{board}' }));
const BOARD_ROUTES = routesOf('./BoardPage', [
  '/',
  '/jobs/:id',
  '/job-list',
  '/bookmarks',
  '/ghost-callback',
  '/alerts/confirm',
  '/alerts/unsubscribe',
  '/alerts/manage',
  '/alerts/data',
  '/privacy',
  '/terms',
  '/refunds',
]);
const SUBMIT_ROUTES = routesOf('./SubmitJobPage', [
  '/submit-job',
  '/pay/:token/*',
  '/employer/*',
  '/renew/:token/*',
]);
const ADMIN_ROUTES = routesOf('./AdminApp', ['/admin/*']);

// Issue 43, finding 4: a page's scripts and fetches may come only from the remotes that page
// loads, so a page of one area never runs another area's remote (the admin's least of all). Each
// remote is served from an origin of its own, with the routes it declares (in the release.json
// the server fetches beside its manifest).
describe("each page's Content-Security-Policy names the remotes it loads, and no other", () => {
  const BOARD = 'https://board.cdn.example.org';
  const SUBMIT = 'https://submit.cdn.example.org';
  const ADMIN = 'https://admin.cdn.example.org';
  const ORIGINS = {
    [BOARD]: ['mfe_board', BOARD_ROUTES],
    [SUBMIT]: ['mfe_submit', SUBMIT_ROUTES],
    [ADMIN]: ['mfe_admin', ADMIN_ROUTES],
  } as const;

  beforeAll(async () => {
    const fetchAnywhere = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const remote = ORIGINS[url.origin as keyof typeof ORIGINS];
      if (!remote) return fetchAnywhere(input, init);
      return new Response(releaseJson(remote[0], url.href, remote[1]));
    });
    writeRemotes(releases, {
      ...GOOD_REMOTES,
      mfe_board: `${BOARD}/2.0.0/mf-manifest.json`,
      mfe_submit: `${SUBMIT}/1.9.0/mf-manifest.json`,
      mfe_admin: `${ADMIN}/3.0.0/mf-manifest.json`,
    });
    await get('/');
    await t.app.releases.liveRoutes.ready();
  });
  afterAll(() => {
    writeRemotes(releases, GOOD_REMOTES);
    vi.restoreAllMocks();
  });

  it.each([
    ['/', [BOARD]],
    ['/jobs/12', [BOARD]],
    ['/job-list', [BOARD]],
    ['/bookmarks', [BOARD]],
    ['/alerts/data', [BOARD]],
    ['/privacy', [BOARD]],
    ['/submit-job', [SUBMIT]],
    ['/employer', [SUBMIT]],
    ['/employer/jobs/1/applications', [SUBMIT]],
    ['/renew/some-token', [SUBMIT]],
    ['/pay/some-token', [SUBMIT]],
    ['/admin', [ADMIN]],
    ['/admin/login', [ADMIN]],
    ['/admin/jobs/12?tab=history', [ADMIN]],
    // The shell's 404 page and every answer that is not a page load no remote.
    ['/no-such-page', []],
    ['/api/admin/check-auth', []],
    ['/remotes.json', []],
  ] as const)('%s names %j', async (url, origins) => {
    const policy = (await get(url)).headers['content-security-policy'] as string | undefined;
    expect(originsIn(policy, 'script-src'), url).toEqual(origins);
    expect(originsIn(policy, 'connect-src'), url).toEqual(origins);
  });
});
